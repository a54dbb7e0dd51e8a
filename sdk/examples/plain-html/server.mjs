// A site's own server for the plain HTML example: it serves the page and the SDK, and asks its transfer node for
// transfer specs, so the node user's password never reaches the browser. No dependencies: `node server.mjs`.
//
// By default it uses the DAM's embedded node that `npm start` runs (credentials in $DAM_HOME/node.json, its
// certificate in $DAM_HOME/node-tls/cert.pem). Another node: RAPID_EXAMPLE_NODE=https://user:password@host:port
// and RAPID_EXAMPLE_NODE_CA=<its certificate, when self-signed>.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { request } from 'node:https';
import { homedir } from 'node:os';
import { basename, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = join(here, '..', '..', '..');
const damHome = process.env.DAM_HOME ?? join(homedir(), '.local', 'share', 'rapid-dam');
const sdkDir = join(repo, 'sdk', 'dist');
const installerDir = join(repo, 'installer-frame', 'dist', 'install');
const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

/** The node to ask: RAPID_EXAMPLE_NODE, else the embedded node of the DAM `npm start` runs. */
async function nodeEndpoint() {
  if (process.env.RAPID_EXAMPLE_NODE) {
    const url = new URL(process.env.RAPID_EXAMPLE_NODE);
    const ca = process.env.RAPID_EXAMPLE_NODE_CA;
    return {
      origin: url.origin,
      auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`,
      ca: ca ? await readFile(ca, 'utf8') : undefined,
    };
  }
  const { user, password } = JSON.parse(await readFile(join(damHome, 'node.json'), 'utf8'));
  const port = process.env.DAM_NODE_API_PORT ?? '9092';
  const ca = await readFile(join(damHome, 'node-tls', 'cert.pem'), 'utf8');
  return { origin: `https://127.0.0.1:${port}`, auth: `${user}:${password}`, ca };
}

/** POST to the node's API with its Basic credentials; answers the parsed JSON. */
function callNode(node, path, body) {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(JSON.stringify(body));
    const req = request(
      new URL(path, node.origin),
      { method: 'POST', auth: node.auth, ca: node.ca, headers: { 'Content-Type': 'application/json' } },
      async (res) => {
        const chunks = [];
        for await (const chunk of res) chunks.push(chunk);
        try {
          resolve({ status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        } catch (error) {
          reject(error);
        }
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A download spec for one file on the node: what the page hands to `connect.startTransfer`. */
async function downloadSpec(node, source) {
  const reply = await callNode(node, '/files/download_setup', {
    transfer_requests: [{ transfer_request: { paths: [{ source }] } }],
  });
  const entry = reply.body?.transfer_specs?.[0];
  if (!entry?.transfer_spec)
    return {
      status: 400,
      body: { error: entry?.error?.user_message ?? `The node answered ${reply.status}.` },
    };
  const spec = { ...entry.transfer_spec, paths: [{ source, destination: basename(source) }] };
  return { status: 200, body: { transfer_spec: spec } };
}

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
    if (req.method === 'POST' && pathname === '/api/download-spec') {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const { source } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      const answer =
        typeof source === 'string' && source.startsWith('/')
          ? await downloadSpec(node, source)
          : { status: 400, body: { error: 'Give the path of a file on the node, starting with /.' } };
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify(answer.body));
    }
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
