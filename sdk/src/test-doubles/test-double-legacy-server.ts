import { decryptPayload, encryptPayload } from '../crypto/aes-ofb.ts';
import type { TestDoubleClient } from './test-double-client.ts';
import { json } from './test-double-client.ts';
import type { SeenXhr, XhrRoute } from './test-double-xhr-server.ts';

/**
 * Test double of a 3.8/3.9-era client on `https://local.connectme.us` (connect-protocol.md §8.2): /v5 ping and
 * version without a session; everything else under /v6 only with the session id it was launched with, bodies
 * AES-OFB encrypted both ways. `/ready` answers 200 once `readyAfter` polls have passed.
 */
export class TestDoubleLegacyServer {
  readonly listening = new Set<number>([43003]);
  readonly launches: string[] = [];
  session: { id: string; key: string } | undefined;
  readyAfter = 0;
  readyPolls = 0;
  /** Reply to /v6 calls encrypted (the real client does for JSON bodies). */
  encryptReplies = true;

  constructor(readonly client: TestDoubleClient) {}

  /** What the protocol handler does with `fasp://initialize/?key=…&id=…`. */
  launch = (uri: string): void => {
    this.launches.push(uri);
    const query = new URL(uri.replace('fasp://', 'https://fasp/')).searchParams;
    const id = query.get('id');
    const key = query.get('key');
    if (id && key) this.session = { id, key };
  };

  route: XhrRoute = (request: SeenXhr) => {
    const match = /^https:\/\/local\.connectme\.us:(\d+)\/(v5|v6)(\/.*)$/.exec(request.url);
    if (!match || !this.listening.has(Number(match[1]))) return undefined;
    const [, , prefix, path = ''] = match;
    if (prefix === 'v5')
      return this.client.answer({ method: request.method, path, body: request.body ?? '' });
    const session = this.session;
    if (!session || request.headers['x-aspera-session-id'] !== session.id)
      return json(401, { error: 'no session' });
    if (path === '/connect/info/ready')
      return ++this.readyPolls > this.readyAfter ? json(200, {}) : json(503, {});
    const body = request.body ? decryptPayload(request.body, session.key) : '';
    if (request.body && body === request.body) return json(400, { error: 'body not encrypted' });
    const answer = this.client.answer({ method: request.method, path, body });
    if (!this.encryptReplies) return answer;
    return {
      ...answer,
      body: encryptPayload(answer.body, session.key),
      contentType: 'application/x-aspera-encrypted',
    };
  };
}
