import { CONNECT_API_VERSION, connectErrorBody, versionInfo } from '@rapid/protocol';
import { describe, expect, it } from 'vitest';
import { createConnectApi } from './app.ts';

describe('Connect API', () => {
  const app = createConnectApi({ systemWide: false });

  it('answers the version call', async () => {
    const response = await app.request('/connect/info/version');
    expect(response.status).toBe(200);
    expect(versionInfo.parse(await response.json())).toEqual({
      version: CONNECT_API_VERSION,
      system_wide: false,
    });
  });

  it('answers an unknown call with 404 and the public error shape', async () => {
    const response = await app.request('/invalid/uri');
    expect(response.status).toBe(404);
    const body = connectErrorBody.parse(await response.json());
    expect(body.error.user_message).toContain('GET /invalid/uri');
  });
});
