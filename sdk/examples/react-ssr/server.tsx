/** @jsxRuntime automatic @jsxImportSource react */
// Server-side rendering with plain renderToString: the page's HTML comes from the server with the status
// INITIALIZING (nothing touches `window` there), then the browser hydrates it and the session starts.
// One command: `npx tsx sdk/examples/react-ssr/server.tsx`.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { renderToString } from 'react-dom/server';
import { DownloadApp } from '../shared/download-app.tsx';
import { handleDownloadSpec, nodeEndpoint } from '../shared/node-api.mjs';

// The browser's part: hydrate the same component (bundled once, at start).
const client = await build({
  entryPoints: [fileURLToPath(new URL('client.tsx', import.meta.url))],
  bundle: true,
  format: 'esm',
  write: false,
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
const clientJs = client.outputFiles[0]?.text ?? '';

function page(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Rapid SDK example: React SSR</title>
<script type="module" src="/client.js"></script></head>
<body><div id="root">${renderToString(<DownloadApp />)}</div></body></html>`;
}

const node = await nodeEndpoint();
const server = createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'POST' && pathname === '/api/download-spec')
    return void handleDownloadSpec(node, req, res).catch((error) => {
      res.writeHead(500);
      res.end(String(error));
    });
  if (pathname === '/client.js') {
    res.writeHead(200, { 'Content-Type': 'text/javascript' });
    return void res.end(clientJs);
  }
  if (pathname === '/') {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    return void res.end(page());
  }
  res.writeHead(404);
  res.end('Not found');
});
server.listen(Number(process.env.PORT ?? 8092), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : '?';
  process.stdout.write(`React SSR example: http://127.0.0.1:${port}/ (node ${node.origin})\n`);
});
