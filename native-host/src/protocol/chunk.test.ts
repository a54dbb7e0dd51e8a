import { HOST_MESSAGE_LIMIT_BYTES, hostReply } from '@rapid/protocol';
import { describe, expect, it } from 'vitest';
import { toHostReplies } from './chunk.ts';

const routing = {
  request_id: 10001,
  frame_id: 'frame-1',
  sender: { tab: { id: 7 }, origin: 'http://127.0.0.1:8080' },
};
const MiB = 1024 * 1024;

function reassemble(replies: ReturnType<typeof toHostReplies>): string {
  const base64 = replies.map((reply) => ('body64' in reply ? reply.body64 : '')).join('');
  return Buffer.from(base64, 'base64').toString('utf8');
}

describe('toHostReplies', () => {
  it('sends a small body whole', () => {
    const replies = toHostReplies(routing, 200, '{"version":"4.2.0"}');
    expect(replies).toEqual([{ ...routing, status: 200, body: '{"version":"4.2.0"}' }]);
  });

  it.each([0.99, 1.0, 5])(
    'splits a %s MiB body into pieces that each fit and reassemble byte-exact',
    (size) => {
      const body = JSON.stringify({ data: 'é"\\'.repeat(Math.floor((size * MiB) / 4)) });
      const replies = toHostReplies(routing, 200, body);
      expect(replies.length).toBeGreaterThan(1);
      for (const reply of replies) {
        expect(hostReply.safeParse(reply).success).toBe(true);
        expect(Buffer.byteLength(JSON.stringify(reply))).toBeLessThanOrEqual(HOST_MESSAGE_LIMIT_BYTES);
      }
      expect(replies.map((reply) => 'complete' in reply && reply.complete)).toEqual([
        ...Array(replies.length - 1).fill(false),
        true,
      ]);
      expect(reassemble(replies)).toBe(body);
    },
  );
});
