import { describe, expect, it } from 'vitest';
import { pick, startTransfersBody, withStandardSettings } from './settings.ts';

const session = { appId: 'APP', authorizationKey: '' };

describe('POST body settings (connect-protocol.md §10)', () => {
  it('adds app_id to a new aspera_connect_settings after the body keys', () => {
    expect(JSON.stringify(withStandardSettings({ iteration_token: 0 }, session))).toBe(
      '{"iteration_token":0,"aspera_connect_settings":{"app_id":"APP"}}',
    );
    expect(JSON.stringify(withStandardSettings({}, session))).toBe(
      '{"aspera_connect_settings":{"app_id":"APP"}}',
    );
  });

  it('puts authorization_key after the body keys and before the settings', () => {
    expect(
      JSON.stringify(withStandardSettings({ path: '/a' }, { appId: 'APP', authorizationKey: 'K' })),
    ).toBe('{"path":"/a","authorization_key":"K","aspera_connect_settings":{"app_id":"APP"}}');
  });

  it('orders transfer settings: caller keys, app_id, request_id, back_link', () => {
    const transferSpec = { paths: [{ source: '/a.mov' }], remote_host: 'node.example', direction: 'send' };
    const { body, requestId } = startTransfersBody(
      [{ transfer_spec: transferSpec, aspera_connect_settings: { allow_dialogs: false } }],
      session,
      'REQ',
    );
    expect(requestId).toBe('REQ');
    expect(JSON.stringify(body)).toBe(
      JSON.stringify({
        transfer_specs: [
          {
            transfer_spec: transferSpec,
            aspera_connect_settings: {
              allow_dialogs: false,
              app_id: 'APP',
              request_id: 'REQ',
              back_link: location.href,
            },
          },
        ],
        aspera_connect_settings: { app_id: 'APP' },
      }),
    );
  });

  it('keeps a given back_link where the caller put it', () => {
    const { body } = startTransfersBody(
      [{ transfer_spec: {}, aspera_connect_settings: { back_link: 'https://x/', allow_dialogs: true } }],
      session,
      'R',
    );
    const element = (body.transfer_specs as Record<string, unknown>[])[0];
    expect(Object.keys(element?.aspera_connect_settings as object)).toEqual([
      'back_link',
      'allow_dialogs',
      'app_id',
      'request_id',
    ]);
  });

  it('picks allowed keys in the caller order', () => {
    expect(Object.keys(pick({ b: 1, x: 2, a: 3 }, ['a', 'b']))).toEqual(['b', 'a']);
  });
});
