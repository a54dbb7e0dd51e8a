import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { StorageKeyError } from './local-area.ts';
import type { AreaName, StorageArea, StoredObject } from './storage-area.ts';

/** Where an S3-compatible area keeps its objects, read from a URL (see `parseS3Url`). */
export interface S3Location {
  bucket: string;
  prefix: string;
  /** An S3-compatible server's address; undefined for AWS itself (region and credentials from the environment). */
  endpoint: string | undefined;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/**
 * `s3://bucket/prefix` (AWS: region and credentials from the usual environment) or
 * `s3+http(s)://key:secret@host:port/bucket/prefix` (an S3-compatible server, addressed path-style).
 */
export function parseS3Url(value: string): S3Location {
  const url = new URL(value);
  const [bucket = '', ...rest] = url.pathname.replace(/^\/+/, '').split('/');
  const aws = url.protocol === 's3:';
  const location: S3Location = {
    bucket: aws ? url.hostname : bucket,
    prefix: (aws ? [bucket, ...rest] : rest).filter(Boolean).join('/'),
    endpoint: aws ? undefined : `${url.protocol.replace('s3+', '')}//${url.host}`,
    credentials: url.username
      ? {
          accessKeyId: decodeURIComponent(url.username),
          secretAccessKey: decodeURIComponent(url.password),
        }
      : undefined,
  };
  if (!location.bucket) throw new Error(`No bucket in the archive URL ${url.protocol}//${url.host}`);
  return location;
}

const missing = (error: unknown) =>
  error instanceof NotFound ||
  (error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404));

/**
 * A storage area in an S3-compatible object store: the archive tier's. A PUT is whole or absent, so a reader (or a
 * crash) never sees half an object. There is no local path: tools read a copy (`release`, `read`).
 */
export class S3StorageArea implements StorageArea {
  private readonly client: S3Client;

  constructor(
    readonly name: AreaName,
    readonly location: S3Location,
  ) {
    this.client = new S3Client({
      region: process.env.AWS_REGION ?? 'us-east-1',
      // S3-compatible stores: path-style addresses, and checksums only where S3 requires them (the SDK's default
      // streaming CRC32 trailer is an AWS extension many of them refuse).
      ...(location.endpoint
        ? {
            endpoint: location.endpoint,
            forcePathStyle: true,
            requestChecksumCalculation: 'WHEN_REQUIRED' as const,
            responseChecksumValidation: 'WHEN_REQUIRED' as const,
          }
        : {}),
      ...(location.credentials ? { credentials: location.credentials } : {}),
    });
  }

  private objectKey(key: string): string {
    if (!key || key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '.' || !part))
      throw new StorageKeyError(`Bad key for the ${this.name} area: ${key}`);
    return this.location.prefix ? `${this.location.prefix}/${key}` : key;
  }

  localPath(): undefined {
    return undefined;
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    const { size } = await stat(sourcePath);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.location.bucket,
        Key: this.objectKey(key),
        Body: createReadStream(sourcePath),
        ContentLength: size,
      }),
    );
  }

  async put(key: string, bytes: Buffer | Readable): Promise<void> {
    const body = Buffer.isBuffer(bytes) ? bytes : Buffer.concat(await bytes.toArray());
    await this.client.send(
      new PutObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key), Body: body }),
    );
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const answer = await this.client.send(
      new GetObjectCommand({
        Bucket: this.location.bucket,
        Key: this.objectKey(key),
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    if (!(answer.Body instanceof Readable)) throw new Error(`No body for ${key} in the ${this.name} area`);
    return answer.Body;
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }),
      );
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.location.bucket, Key: this.objectKey(key) }),
    );
  }

  async adopt(key: string, sourcePath: string): Promise<void> {
    await this.putFile(key, sourcePath);
    await rm(sourcePath, { recursive: true, force: true });
  }

  async release(key: string, targetPath: string): Promise<void> {
    await mkdir(dirname(targetPath), { recursive: true });
    const temporary = `${targetPath}.${process.pid}.${Date.now()}.tmp`;
    try {
      await pipeline(await this.read(key), createWriteStream(temporary));
      await rename(temporary, targetPath);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    await this.delete(key);
  }

  destroy(): void {
    this.client.destroy();
  }
}
