import { describe, expect, it } from 'vitest';
import { hrefOf, parseRoute, type Route } from './parse-route.ts';

describe('parseRoute', () => {
  it('reads the invitation link of spec §2: #CU followed by the invitation id', () => {
    expect(parseRoute('#CUa1B2-c3_d4')).toEqual({ name: 'invitation', id: 'a1B2-c3_d4' });
    expect(parseRoute('CUxyz')).toEqual({ name: 'invitation', id: 'xyz' });
  });

  it('refuses an invitation id that cannot be one', () => {
    expect(parseRoute('#CU').name).toBe('not-found');
    expect(parseRoute('#CU../admin').name).toBe('not-found');
    expect(parseRoute('#CU%E0%A4%A').name).toBe('not-found');
  });

  it('reads the reset link the server mails, and the activation link', () => {
    expect(parseRoute('#reset=abc%2Bdef')).toEqual({ name: 'reset-password', token: 'abc+def' });
    expect(parseRoute('#reset=').name).toBe('not-found');
    expect(parseRoute('#activate')).toEqual({ name: 'activate' });
    expect(parseRoute('#activate?username=ada')).toEqual({ name: 'activate', username: 'ada' });
  });

  it('reads the app screens, and sends anything else to not-found', () => {
    expect(parseRoute('')).toEqual({ name: 'home' });
    expect(parseRoute('#/')).toEqual({ name: 'home' });
    expect(parseRoute('#/login')).toEqual({ name: 'login' });
    expect(parseRoute('#/admin')).toEqual({ name: 'admin', section: 'users' });
    expect(parseRoute('#/admin/acls')).toEqual({ name: 'admin', section: 'acls' });
    expect(parseRoute('#/admin/secrets')).toEqual({ name: 'not-found', hash: '#/admin/secrets' });
    expect(parseRoute('#/nowhere')).toEqual({ name: 'not-found', hash: '#/nowhere' });
  });

  it('round-trips every route through hrefOf', () => {
    const routes: Route[] = [
      { name: 'home' },
      { name: 'login' },
      { name: 'forgot-password' },
      { name: 'reset-password', token: 'a/b+c=' },
      { name: 'create-account' },
      { name: 'activate' },
      { name: 'activate', username: 'ada lovelace' },
      { name: 'invitation', id: 'Zx_9-1' },
      { name: 'change-password' },
      { name: 'account' },
      { name: 'api-keys' },
      { name: 'admin', section: 'outbox' },
    ];
    for (const route of routes) expect(parseRoute(hrefOf(route))).toEqual(route);
  });
});
