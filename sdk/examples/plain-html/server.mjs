// A site's own server for the plain HTML example: it serves the page and the SDK, and asks its transfer node for
// transfer specs (../shared/node-api.mjs). No dependencies: `node sdk/examples/plain-html/server.mjs`.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { handleDownloadSpec, nodeEndpoint } from '../shared/node-api.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = join(here, '..', '..', '..');
const sdkDir = join(repo, 'sdk', 'dist');
const installerDir = join(repo, 'installer-frame', 'dist', 'install');
const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

async function serveFile(res, root, path) {
  const file = normalize(join(root, path));
  if (!file.startsWith(root)) return notFound(res);
  try {
    const data = await readFile(file.endsWith('/') ? join(file, 'index.html') : file);
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(data);
  } catch {
    notFound(res);
  }
}

function notFound(res) {
  res.writeHead(404, { 'Content-Type': 'text/plain' });
  res.end('Not found');
}

async function page(res) {
  // The SDK's integrity hash, as the build wrote it, goes into the script tag.
  const hashes = JSON.parse(await readFile(join(sdkDir, 'js', 'integrity.json'), 'utf8'));
  const html = (await readFile(join(here, 'index.html'), 'utf8')).replace(
    '%SDK_INTEGRITY%',
    hashes['connect-sdk.min.js'],
  );
  res.writeHead(200, { 'Content-Type': 'text/html' });
  res.end(html);
}

const node = await nodeEndpoint();
const server = createServer(async (req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  try {
    if (req.method === 'POST' && pathname === '/api/download-spec')
      return await handleDownloadSpec(node, req, res);
    if (pathname === '/' || pathname === '/index.html') return await page(res);
    if (pathname === '/app.js') return await serveFile(res, here, 'app.js');
    if (pathname.startsWith('/sdk/install/'))
      return await serveFile(res, installerDir, pathname.slice('/sdk/install'.length));
    if (pathname.startsWith('/sdk/')) return await serveFile(res, sdkDir, pathname.slice('/sdk'.length));
    notFound(res);
  } catch (error) {
    res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end(String(error));
  }
});
server.listen(Number(process.env.PORT ?? 8090), '127.0.0.1', () => {
  const { port } = server.address();
  process.stdout.write(`Plain HTML example: http://127.0.0.1:${port}/ (node ${node.origin})\n`);
});
