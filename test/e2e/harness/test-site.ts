import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';
import { ARTIFACTS } from './artifacts.ts';

export interface TestSite {
  /** `http://127.0.0.1:<port>/`; the same server also answers as `http://localhost:<port>/`, another origin. */
  url: string;
  otherOriginUrl: string;
  close(): Promise<void>;
}

/**
 * A bare site for extension tests: the given pages, plus the built SDK under /sdk/. No CSP, so pages can frame the
 * other origin; tests drive pages through puppeteer rather than inline scripts.
 */
export async function startTestSite(pages: Record<string, string>): Promise<TestSite> {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (path.startsWith('/sdk/')) {
      const file = normalize(join(ARTIFACTS.sdkDir, path.slice('/sdk/'.length)));
      if (!file.startsWith(ARTIFACTS.sdkDir)) return void response.writeHead(404).end();
      const body = await readFile(file).catch(() => undefined);
      if (!body) return void response.writeHead(404).end();
      return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(body);
    }
    const page = pages[path.slice(1) || 'index.html'];
    if (page === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    otherOriginUrl: `http://localhost:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
