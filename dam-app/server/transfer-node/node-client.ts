import { request as plainRequest } from 'node:http';
import { Agent, request } from 'node:https';
import type { NodeEndpoint } from '../config/config.ts';

export interface NodeAnswer {
  status: number;
  body: unknown;
}

/**
 * The DAM server's client for a transfer node's API: the node user's basic credentials (server side only), JSON in
 * and out, the endpoint's own certificate trusted when it has one (the embedded node's self-signed one).
 */
export class NodeClient {
  readonly #agent: Agent | undefined;
  readonly #authorization: string;

  constructor(readonly endpoint: NodeEndpoint) {
    this.#authorization = `Basic ${Buffer.from(`${endpoint.user}:${endpoint.password}`).toString('base64')}`;
    this.#agent = endpoint.url.startsWith('https:')
      ? new Agent({ keepAlive: true, maxSockets: 16, ...(endpoint.ca ? { ca: endpoint.ca } : {}) })
      : undefined;
  }

  call(
    method: string,
    path: string,
    body?: unknown,
    timeoutMs = 15_000,
    headers: Record<string, string> = {},
  ): Promise<NodeAnswer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const send = this.#agent ? request : plainRequest;
    return new Promise((resolve, reject) => {
      const req = send(
        new URL(path, this.endpoint.url),
        {
          method,
          agent: this.#agent,
          timeout: timeoutMs,
          headers: {
            authorization: this.#authorization,
            accept: 'application/json',
            ...(payload
              ? { 'content-type': 'application/json', 'content-length': String(payload.length) }
              : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = text ? JSON.parse(text) : undefined;
            } catch {
              // Not JSON: the caller sees the text and treats it as the garbage it is.
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () =>
        req.destroy(new Error(`The transfer node did not answer within ${timeoutMs} ms.`)),
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  close(): void {
    this.#agent?.destroy();
  }
}
