import { describe, expect, it } from 'vitest';
import { ControlDecoder, ControlFramingError, encodeControl } from './control-framing.ts';

describe('control framing', () => {
  it('decodes messages split across and merged into chunks', () => {
    const bytes = Buffer.concat([
      encodeControl({ t: 'ready' }),
      encodeControl({ t: 'cancel', code: 28 }),
      encodeControl({ t: 'status', next_seq: 5, sent_bytes: 10, retransmitted_bytes: 0 }),
    ]);
    const decoder = new ControlDecoder();
    const out = [];
    for (let i = 0; i < bytes.length; i += 3) out.push(...decoder.push(bytes.subarray(i, i + 3)));
    expect(out).toEqual([
      { t: 'ready' },
      { t: 'cancel', code: 28 },
      { t: 'status', next_seq: 5, sent_bytes: 10, retransmitted_bytes: 0 },
    ]);
  });

  it('decodes a long message that arrives in many chunks, and the message after it', () => {
    const files = Array.from({ length: 2000 }, (_, index) => ({
      index,
      path: `f${index}`,
      size: 4096,
      mtime_ms: 1,
    }));
    const bytes = Buffer.concat([encodeControl({ t: 'offer', files }), encodeControl({ t: 'ready' })]);
    const decoder = new ControlDecoder();
    const out = [];
    for (let i = 0; i < bytes.length; i += 1000) out.push(...decoder.push(bytes.subarray(i, i + 1000)));
    expect(out).toEqual([{ t: 'offer', files }, { t: 'ready' }]);
  });

  it('skips unknown message types from a newer peer', () => {
    const json = Buffer.from(JSON.stringify({ t: 'future_thing', x: 1 }));
    const frame = Buffer.concat([Buffer.from([0, 0, 0, json.length]), json, encodeControl({ t: 'done' })]);
    expect(new ControlDecoder().push(frame)).toEqual([{ t: 'done' }]);
  });

  it.each([
    ['a known type with bad fields', Buffer.from(JSON.stringify({ t: 'cancel', code: 'x' }))],
    ['not JSON', Buffer.from('{nope')],
    ['no type', Buffer.from('[1]')],
  ])('throws on %s', (_name, json) => {
    const frame = Buffer.concat([Buffer.from([0, 0, 0, json.length]), json]);
    expect(() => new ControlDecoder().push(frame)).toThrow(ControlFramingError);
  });

  it('refuses an oversized length before buffering it', () => {
    expect(() => new ControlDecoder().push(Buffer.from([0xff, 0, 0, 0]))).toThrow(ControlFramingError);
  });
});
