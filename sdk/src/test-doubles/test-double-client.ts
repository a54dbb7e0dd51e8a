import { LARGE_REPLY_PATH } from '../bridge/extension/large-reply.ts';

/** One request as the local client saw it, whichever bridge carried it. */
export interface SeenRequest {
  method: string;
  /** Path under /connect, prefixes (/v5) stripped. */
  path: string;
  /** Body text exactly as sent ('' for none). */
  body: string;
}

export interface ClientAnswer {
  status: number;
  body: string;
}

/**
 * Test double of the local Rapid client behind any bridge: answers version, activity and a few calls, 404 for
 * anything unknown, and lets a test script answers per path. Used by the contract suites only.
 */
export class TestDoubleClient {
  version = '4.2.0';
  iterationToken = 0;
  transfers: Record<string, unknown>[] = [];
  readonly seen: SeenRequest[] = [];
  readonly scripted = new Map<string, ClientAnswer[]>();

  answer(request: SeenRequest): ClientAnswer {
    this.seen.push(request);
    const scripted = this.scripted.get(request.path)?.shift();
    if (scripted) return scripted;
    if (request.path === '/connect/info/version' || request.path === '/connect/info/ping')
      return json(200, { version: this.version, system_wide: false });
    if (request.path === '/connect/transfers/activity')
      return json(200, {
        iteration_token: this.iterationToken,
        result_count: this.transfers.length,
        transfers: this.transfers,
      });
    if (request.path === '/connect/transfers/start') {
      const { transfer_specs } = JSON.parse(request.body) as { transfer_specs: unknown[] };
      return json(200, { transfer_specs });
    }
    if (request.method === 'GET' && request.path.startsWith('/connect/windows/')) return json(200, {});
    // No local HTTP port behind this double: no ticket for large replies, the read goes through the bridge.
    if (request.path === LARGE_REPLY_PATH)
      return json(404, { error: { code: 404, user_message: 'No ticket.' } });
    if (request.method === 'POST' && request.path !== '/invalid/uri' && KNOWN_POST.test(request.path))
      return json(200, { echo: JSON.parse(request.body || '{}') });
    return json(404, {
      error: {
        code: 404,
        internal_message: 'Not found',
        user_message: `No call ${request.method} ${request.path}.`,
      },
    });
  }

  /**
   * The calls the page made: detection pings and Rapid's large-reply ticket requests (transport, sdk/LARGE-REPLIES.md:
   * this double has no local HTTP port, so it answers 404 and the read itself follows) left out.
   */
  calls(): SeenRequest[] {
    return this.seen.filter((each) => each.path !== '/connect/info/ping' && each.path !== LARGE_REPLY_PATH);
  }
}

const KNOWN_POST = /^\/connect\/(info|transfers|file|windows|update)\//;

export function json(status: number, value: unknown): ClientAnswer {
  return { status, body: JSON.stringify(value) };
}
