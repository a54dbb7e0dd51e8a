import { createReadStream, createWriteStream } from 'node:fs';
import { readFile, rename, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * TEST DOUBLE of an account's server speaking the Drive server API over real HTTP on loopback, so tests exercise
 * the production `HttpDriveServer`. Files are `<folder>/<file id>`; a new version replaces the file and is logged
 * in `versions`; locks are held per file. Selected only by tests; the DAM server is the real implementation.
 */
export async function startTestDoubleDriveHttpServer(folder: string, token: string) {
  const locks = new Set<string>();
  const versions: { fileId: string; content: string }[] = [];
  const requests: string[] = [];

  const fail = (res: ServerResponse, status: number, message: string) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message } }));

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    requests.push(`${req.method} ${req.url}`);
    if (req.headers.authorization !== `Bearer ${token}`) return fail(res, 401, 'Sign in again.');
    const match = /^\/api\/files\/([^/]+)\/(lock|content|versions)$/.exec(req.url ?? '');
    if (!match) return fail(res, 404, 'No such call.');
    const fileId = decodeURIComponent(match[1] ?? '');
    const file = join(folder, fileId);
    const exists = await stat(file).then(
      () => true,
      () => false,
    );
    if (!exists) return fail(res, 404, `No file ${fileId}.`);
    const call = `${req.method} ${match[2]}`;
    if (call === 'POST lock') {
      if (locks.has(fileId)) return fail(res, 409, `${fileId} is already checked out.`);
      locks.add(fileId);
      const lock = {
        file_id: fileId,
        created_at: new Date().toISOString(),
        created_by_id: 'user-1',
        created_by_type: 'user',
        tags: {},
      };
      return res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ name: fileId, lock }));
    }
    if (call === 'DELETE lock') {
      locks.delete(fileId);
      return res.writeHead(204).end();
    }
    if (call === 'GET content') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return pipeline(createReadStream(file), res);
    }
    if (call === 'POST versions') {
      if (!locks.has(fileId)) return fail(res, 409, `${fileId} is not checked out.`);
      await pipeline(req, createWriteStream(`${file}.upload`));
      await rename(`${file}.upload`, file);
      versions.push({ fileId, content: await readFile(file, 'utf8') });
      const body = { version: { id: String(versions.length + 1), size: (await stat(file)).size } };
      return res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    }
    return fail(res, 405, `${req.method} is not allowed here.`);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => fail(res, 500, String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    locks,
    versions,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
