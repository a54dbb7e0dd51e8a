import {
  connectError,
  describeIssues,
  type HostReply,
  type HostRequest,
  hostRequest,
  invalidRequest,
  messageSender,
} from '@rapid/protocol';
import type { DaemonLink } from '../daemon/link.ts';
import type { Logger } from '../log/logger.ts';
import { errorFields } from '../log/logger.ts';
import { toHostReplies } from '../protocol/chunk.ts';

/** Calls without a page-given timeout (everything but the file dialogs) are bounded so nothing hangs. */
const DEFAULT_TIMEOUT_MS = 60_000;
/**
 * Calls that may wait for the user (the first-use consent question, the drop confirmation) get longer: a timeout
 * answers status 0, which the SDK re-sends, and a re-sent start would start the transfer twice.
 */
const USER_TIMEOUT_MS = 15 * 60_000;
const MAY_ASK_USER = /^\/connect\/(transfers\/start|file\/)/;

export type Reply = (reply: HostReply) => Promise<void>;

/**
 * Handles one message from the extension: validate, call the daemon, answer with routing fields echoed.
 * Every routable request gets an answer, including the ones the host or the daemon cannot serve.
 */
export async function relayMessage(
  message: unknown,
  link: DaemonLink,
  reply: Reply,
  log: Logger,
): Promise<void> {
  const parsed = hostRequest.safeParse(message);
  if (!parsed.success) {
    const routing = routingOf(message);
    const problem = describeIssues(parsed.error);
    log.warn('invalid request from the extension', { problem, request_id: routing?.request_id });
    if (routing) await sendAll(reply, routing, 400, JSON.stringify(invalidRequest(problem)));
    return;
  }
  const request = parsed.data;
  const origin = originOf(request);
  try {
    const answer = await link.call({
      method: request.method,
      path: request.uri_reference,
      body: request.body,
      origin,
      fromExtension: isExtensionPage(origin),
      timeoutMs:
        request.timeout ?? (MAY_ASK_USER.test(request.uri_reference) ? USER_TIMEOUT_MS : DEFAULT_TIMEOUT_MS),
    });
    await sendAll(reply, request, answer.status, answer.body);
  } catch (error) {
    log.error('daemon call failed', { uri: request.uri_reference, ...errorFields(error) });
    const body = connectError(-1, (error as Error).message, 'The Rapid client is not responding. Try again.');
    await sendAll(reply, request, 0, JSON.stringify(body));
  }
}

async function sendAll(reply: Reply, routing: Routing, status: number, body: string) {
  for (const piece of toHostReplies(routing, status, body)) await reply(piece);
}

type Routing = Pick<HostRequest, 'request_id' | 'frame_id' | 'sender'>;

function routingOf(message: unknown): Routing | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { request_id, frame_id, sender } = message as Record<string, unknown>;
  const parsedSender = messageSender.safeParse(sender);
  if (!Number.isInteger(request_id) || typeof frame_id !== 'string' || !parsedSender.success)
    return undefined;
  return { request_id: request_id as number, frame_id, sender: parsedSender.data };
}

/**
 * Only our extension can reach this host (the manifest's allowed origins), and its worker stamps `sender` from the
 * browser's MessageSender: an extension-scheme origin is therefore one of the extension's own pages, never a site.
 */
function isExtensionPage(origin: string | undefined): boolean {
  return origin !== undefined && /^(chrome|moz|safari-web)-extension:\/\//.test(origin);
}

function originOf(request: HostRequest): string | undefined {
  if (request.sender.origin) return request.sender.origin;
  try {
    return request.sender.url ? new URL(request.sender.url).origin : undefined;
  } catch {
    return undefined;
  }
}
