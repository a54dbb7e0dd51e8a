import { describe, expect, it } from 'vitest';
import { setupReply, setupRequest } from './node-api-requests.ts';
import { controlMessage } from './rapid-control.ts';
import { rapidTransferSpec } from './rapid-transfer-spec.ts';

describe('rapidTransferSpec', () => {
  it('accepts a node setup reply spec and keeps fields Rapid does not read', () => {
    const spec = rapidTransferSpec.parse({
      direction: 'receive',
      remote_host: 'node.example.com',
      paths: [{ source: '/a.mov' }],
      tags: null,
      http_fallback: 'force',
      multi_session: 3,
    });
    expect(spec).toMatchObject({ multi_session: 3, http_fallback: 'force', tags: null });
  });

  it.each([
    { direction: 'sideways', remote_host: 'h', paths: [] },
    { direction: 'send', remote_host: '', paths: [] },
    { direction: 'send', remote_host: 'h', paths: [{ destination: 'x' }] },
    { direction: 'send', remote_host: 'h', paths: [], rate_policy: 'fastest' },
  ])('refuses %j', (value) => {
    expect(rapidTransferSpec.safeParse(value).success).toBe(false);
  });
});

describe('node API requests', () => {
  it('needs at least one transfer_request', () => {
    expect(setupRequest.safeParse({ transfer_requests: [] }).success).toBe(false);
    expect(
      setupRequest.safeParse({
        transfer_requests: [{ transfer_request: { paths: [{ destination: '/in' }] } }],
      }).success,
    ).toBe(true);
  });

  it('reads setup replies with per-request errors', () => {
    const reply = setupReply.parse({
      transfer_specs: [
        { error: { user_message: 'invalid path' } },
        { transfer_spec: { direction: 'send', remote_host: 'h', paths: [] } },
      ],
    });
    expect(reply.transfer_specs).toHaveLength(2);
  });
});

describe('controlMessage', () => {
  it('discriminates on t and refuses a message with missing fields', () => {
    expect(controlMessage.parse({ t: 'cancel', code: 28 })).toEqual({ t: 'cancel', code: 28 });
    expect(controlMessage.safeParse({ t: 'feedback', cum_ack: 1 }).success).toBe(false);
    expect(controlMessage.parse({ t: 'files_done', completed: [0, 7] })).toEqual({
      t: 'files_done',
      completed: [0, 7],
    });
    expect(controlMessage.safeParse({ t: 'files_done', completed: [-1] }).success).toBe(false);
  });
});
