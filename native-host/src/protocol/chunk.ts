import {
  BODY64_PIECE_CHARS,
  HOST_MESSAGE_LIMIT_BYTES,
  type HostReply,
  type HostRequest,
} from '@rapid/protocol';

type Routing = Pick<HostRequest, 'request_id' | 'frame_id' | 'sender'>;

/**
 * One reply, or — when it would not fit under the browser's 1 MiB cap — consecutive `body64` pieces of one
 * base64 string of the UTF-8 body, `complete` on the last (connect-protocol.md §5.4). Size is measured after
 * serialisation because JSON escaping inflates bodies.
 */
export function toHostReplies(
  routing: Routing,
  status: number,
  body: string,
  pieceChars = BODY64_PIECE_CHARS,
): HostReply[] {
  const routed = {
    request_id: routing.request_id,
    frame_id: routing.frame_id,
    sender: routing.sender,
    status,
  };
  const whole: HostReply = { ...routed, body };
  if (Buffer.byteLength(JSON.stringify(whole)) <= HOST_MESSAGE_LIMIT_BYTES - 64 * 1024) return [whole];

  const base64 = Buffer.from(body, 'utf8').toString('base64');
  const replies: HostReply[] = [];
  for (let start = 0; start < base64.length; start += pieceChars) {
    const body64 = base64.slice(start, start + pieceChars);
    replies.push({ ...routed, body64, complete: start + pieceChars >= base64.length });
  }
  return replies;
}
