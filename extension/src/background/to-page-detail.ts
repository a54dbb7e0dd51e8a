import type { HostReply, ResponseDetail } from '@rapid/protocol';

/** The page sees only what the public protocol gives it: id, status, and body or body64 pieces. */
export function toPageDetail(reply: HostReply): ResponseDetail {
  const { request_id, status } = reply;
  return 'body' in reply
    ? { request_id, status, body: reply.body }
    : { request_id, status, body64: reply.body64, complete: reply.complete };
}
