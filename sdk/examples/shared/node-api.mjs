// What a site's server does for its pages: ask its transfer node for transfer specs, so the node user's password
// never reaches the browser. Shared by the examples; no dependencies.
//
// By default it uses the DAM's embedded node that `npm start` runs (credentials in $DAM_HOME/node.json, its
// certificate in $DAM_HOME/node-tls/cert.pem). Another node: RAPID_EXAMPLE_NODE=https://user:password@host:port
// and RAPID_EXAMPLE_NODE_CA=<its certificate, when self-signed>.
import { readFile } from 'node:fs/promises';
import { request } from 'node:https';
import { homedir } from 'node:os';
import { basename, join } from 'node:path';

const damHome = process.env.DAM_HOME ?? join(homedir(), '.local', 'share', 'rapid-dam');

/** The node to ask: RAPID_EXAMPLE_NODE, else the embedded node of the DAM `npm start` runs. */
export async function nodeEndpoint() {
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
export async function downloadSpec(node, source) {
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

/**
 * Answers `POST /api/download-spec` with `{ source }`: `{ transfer_spec }`, or `{ error }` with status 400.
 * @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res
 */
export async function handleDownloadSpec(node, req, res) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const { source } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  const answer =
    typeof source === 'string' && source.startsWith('/')
      ? await downloadSpec(node, source)
      : { status: 400, body: { error: 'Give the path of a file on the node, starting with /.' } };
  res.writeHead(answer.status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(answer.body));
}
