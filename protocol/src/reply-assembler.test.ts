import { describe, expect, it } from 'vitest';
import { ReplyAssembler } from './reply-assembler.ts';

const piecesOf = (text: string, cut: number) => {
  const base64 = Buffer.from(text, 'utf8').toString('base64');
  return [base64.slice(0, cut), base64.slice(cut)];
};

describe('ReplyAssembler', () => {
  it('passes a whole reply through', () => {
    expect(new ReplyAssembler().accept({ request_id: 1, status: 200, body: '{}' })).toEqual({
      status: 200,
      body: '{}',
    });
  });

  it('joins interleaved pieces of two requests, each on its own', () => {
    const assembler = new ReplyAssembler();
    const [a1, a2] = piecesOf('{"a":"é"}', 5);
    const [b1, b2] = piecesOf('{"b":2}', 3);
    expect(
      assembler.accept({ request_id: 1, status: 200, body64: a1 ?? '', complete: false }),
    ).toBeUndefined();
    expect(
      assembler.accept({ request_id: 2, status: 200, body64: b1 ?? '', complete: false }),
    ).toBeUndefined();
    expect(assembler.accept({ request_id: 2, status: 200, body64: b2 ?? '', complete: true })).toEqual({
      status: 200,
      body: '{"b":2}',
    });
    expect(assembler.accept({ request_id: 1, status: 200, body64: a2 ?? '', complete: true })).toEqual({
      status: 200,
      body: '{"a":"é"}',
    });
  });

  it('starts afresh after a discarded request', () => {
    const assembler = new ReplyAssembler();
    const [first] = piecesOf('stale', 4);
    assembler.accept({ request_id: 1, status: 200, body64: first ?? '', complete: false });
    assembler.discard(1);
    const whole = Buffer.from('{"ok":true}').toString('base64');
    expect(assembler.accept({ request_id: 1, status: 200, body64: whole, complete: true })?.body).toBe(
      '{"ok":true}',
    );
  });
});
