/// <reference path="./s3rver.d.ts" />
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface RunningS3 {
  /** `DAM_ARCHIVE_URL` for a bucket of this server, under `prefix`. */
  archiveUrl(prefix?: string): string;
  /** Where the server keeps its objects: `<dir>/<bucket>/<key>`. */
  dir: string;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server for tests: s3rver (npm), which answers the S3 REST API (signed requests, PUT, GET with
 * Range, HEAD, DELETE) over local files, in this process, on a port the system picks, with the bucket `cold`.
 */
export async function startS3Server(): Promise<RunningS3> {
  const dir = await mkdtemp(join(tmpdir(), 'dam-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'cold', configs: [] }],
  });
  const { port } = await server.run();
  return {
    dir,
    archiveUrl: (prefix = '') =>
      `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/cold${prefix ? `/${prefix}` : ''}`,
    async close() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
