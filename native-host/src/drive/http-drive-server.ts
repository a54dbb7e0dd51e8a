import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  DRIVE_SERVER_PATHS,
  type DriveAccount,
  describeIssues,
  driveLockReply,
  driveServerFailure,
  driveVersionReply,
} from '@rapid/protocol';
import { type DriveServer, DriveServerError } from './drive-server.ts';

/** Lock and unlock must answer quickly; content transfers may take as long as the bytes need. */
const CONTROL_TIMEOUT_MS = 30_000;

/**
 * The production Drive connector: speaks the Drive server API (`@rapid/protocol` drive-server-api.ts) over
 * HTTPS to the account's server. Downloads land in `<target>.partial` and are renamed only when complete, so a
 * broken connection never leaves a truncated file that looks checked out.
 */
export class HttpDriveServer implements DriveServer {
  async lock(account: DriveAccount, fileId: string) {
    const response = await this.#call(account, 'POST', DRIVE_SERVER_PATHS.lock(fileId), {
      signal: AbortSignal.timeout(CONTROL_TIMEOUT_MS),
    });
    return parseReply(account, driveLockReply, await response.json().catch(() => undefined));
  }

  async download(account: DriveAccount, fileId: string, target: string) {
    const response = await this.#call(account, 'GET', DRIVE_SERVER_PATHS.content(fileId));
    if (!response.body) throw new DriveServerError(`${account.name} sent no content for ${fileId}.`);
    const partial = `${target}.partial`;
    try {
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        createWriteStream(partial, { mode: 0o600 }),
      );
    } catch (error) {
      await rm(partial, { force: true });
      throw new DriveServerError(`The download from ${account.name} broke off: ${messageOf(error)}`);
    }
    await rename(partial, target);
  }

  async uploadVersion(account: DriveAccount, fileId: string, source: string) {
    const { size } = await stat(source);
    const response = await this.#call(account, 'POST', DRIVE_SERVER_PATHS.versions(fileId), {
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(size) },
      body: Readable.toWeb(createReadStream(source)) as ReadableStream<Uint8Array>,
      duplex: 'half',
    });
    parseReply(account, driveVersionReply, await response.json().catch(() => undefined));
  }

  async unlock(account: DriveAccount, fileId: string) {
    const response = await this.#call(account, 'DELETE', DRIVE_SERVER_PATHS.lock(fileId), {
      signal: AbortSignal.timeout(CONTROL_TIMEOUT_MS),
    });
    await response.body?.cancel();
  }

  async #call(
    account: DriveAccount,
    method: string,
    path: string,
    init: RequestInit & { duplex?: 'half' } = {},
  ): Promise<Response> {
    const url = new URL(path, account.url.endsWith('/') ? account.url : `${account.url}/`);
    const headers = new Headers(init.headers);
    headers.set('accept', 'application/json');
    if (account.token) headers.set('authorization', `Bearer ${account.token}`);
    let response: Response;
    try {
      response = await fetch(url, { ...init, method, headers, redirect: 'error' });
    } catch (error) {
      throw new DriveServerError(`Cannot reach ${account.name} (${url.origin}): ${messageOf(error)}`);
    }
    if (response.ok) return response;
    const failure = driveServerFailure.safeParse(await response.json().catch(() => undefined));
    throw new DriveServerError(
      failure.success
        ? `${account.name}: ${failure.data.error.message}`
        : `${account.name} answered ${response.status} ${response.statusText} to ${method} ${url.pathname}.`,
    );
  }
}

type Parser<T> = {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: Parameters<typeof describeIssues>[0] };
};

function parseReply<T>(account: DriveAccount, schema: Parser<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new DriveServerError(`${account.name} sent an unexpected reply: ${describeIssues(parsed.error)}`);
  return parsed.data;
}

function messageOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return error instanceof Error ? `${error.message}${cause}` : String(error);
}
