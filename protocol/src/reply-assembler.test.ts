import { describe, expect, it } from 'vitest';
import { type AssembledReply, ReplyAssembler } from './reply-assembler.ts';

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

describe('ReplyAssembler with many pieces', () => {
  const body = JSON.stringify({ name: 'résumé ✓ 日本 🎉', data: 'x'.repeat(300) });
  const base64 = Buffer.from(body, 'utf8').toString('base64');

  it.each([1, 2, 3, 5, 7, 64])('joins pieces of %i characters, cut inside groups and characters', (size) => {
    const assembler = new ReplyAssembler();
    let reply: AssembledReply | undefined;
    for (let start = 0; start < base64.length; start += size) {
      expect(reply).toBeUndefined();
      const complete = start + size >= base64.length;
      reply = assembler.accept({
        request_id: 9,
        status: 200,
        body64: base64.slice(start, start + size),
        complete,
      });
    }
    expect(reply).toEqual({ status: 200, body });
  });

  it('takes an empty last piece', () => {
    const assembler = new ReplyAssembler();
    expect(assembler.accept({ request_id: 3, status: 200, body64: base64, complete: false })).toBeUndefined();
    expect(assembler.accept({ request_id: 3, status: 200, body64: '', complete: true })?.body).toBe(body);
  });

  it('forgets a request whose piece was not base64', () => {
    const assembler = new ReplyAssembler();
    expect(() => assembler.accept({ request_id: 4, status: 200, body64: '!!!!', complete: false })).toThrow();
    const whole = Buffer.from('{}').toString('base64');
    expect(assembler.accept({ request_id: 4, status: 200, body64: whole, complete: true })?.body).toBe('{}');
  });
});
