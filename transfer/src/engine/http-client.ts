import {
  type ClientRequest,
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingMessage,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { type ConnectionOptions, connect } from 'node:tls';

const normalize = (value: string) => value.replaceAll(':', '').toLowerCase();

/** Keep-alive HTTP(S) for the fallback; with `sshfp` the certificate is pinned like the control channel. */
export class FallbackHttp {
  readonly #agent: HttpAgent;
  readonly #secure: boolean;

  constructor(
    readonly base: URL,
    sshfp: string | null | undefined,
    parallel: number,
  ) {
    this.#secure = base.protocol === 'https:';
    if (this.#secure && sshfp) {
      const agent = new HttpsAgent({ keepAlive: true, maxSockets: parallel, rejectUnauthorized: false });
      (agent as unknown as { createConnection: (options: ConnectionOptions) => unknown }).createConnection = (
        options,
      ) => {
        const socket = connect({ ...options, rejectUnauthorized: false });
        socket.once('secureConnect', () => {
          if (normalize(socket.getPeerCertificate().fingerprint256 ?? '') !== normalize(sshfp)) {
            socket.destroy(new Error('the node certificate does not match sshfp'));
          }
        });
        return socket;
      };
      this.#agent = agent;
    } else
      this.#agent = this.#secure
        ? new HttpsAgent({ keepAlive: true, maxSockets: parallel })
        : new HttpAgent({ keepAlive: true, maxSockets: parallel });
  }

  #inflight = new Set<ClientRequest>();

  /**
   * Sends one request. `body` is a buffer written whole, or a writer that streams it (pacing, back-pressure) and
   * should stop once `req.writableEnded` or `req.destroyed`; the request is ended after it.
   */
  request(
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: Buffer | ((req: ClientRequest) => Promise<void>),
  ): Promise<IncomingMessage> {
    const send = this.#secure ? httpsRequest : httpRequest;
    return new Promise((resolve, reject) => {
      const req = send(new URL(path, this.base), { method, headers, agent: this.#agent }, resolve);
      this.#inflight.add(req);
      req.on('close', () => this.#inflight.delete(req));
      req.on('error', reject);
      if (typeof body === 'function')
        body(req).then(
          () => req.end(),
          (error: Error) => req.destroy(error),
        );
      else req.end(body);
    });
  }

  /** Destroys the requests in flight; the agent stays usable (e.g. to report the end of the session). */
  cancelInflight(): void {
    for (const req of this.#inflight) req.destroy(new Error('aborted'));
    this.#inflight.clear();
  }

  close(): void {
    this.cancelInflight();
    this.#agent.destroy();
  }
}

export async function drain(res: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
