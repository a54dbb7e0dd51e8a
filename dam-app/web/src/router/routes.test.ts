import { describe, expect, it } from 'vitest';
import { hrefOf, parseRoute, type Route } from './routes.ts';

describe('parseRoute', () => {
  it('reads the invitation link of R-INVITE-LINK: #CU followed by the invitation id', () => {
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
      { name: 'feeds' },
      { name: 'admin', section: 'outbox' },
      { name: 'folder', id: 12 },
      { name: 'folder', id: 12, view: 'calendar' },
      { name: 'folder', id: 12, view: 'list', sort: 'dateAdded', dir: 'desc' },
      { name: 'search', query: 'red & blue' },
      { name: 'search', query: '' },
      { name: 'search', query: 'dawn', folderId: 4 },
      { name: 'search', query: '', saved: 7 },
      { name: 'search', query: '', keyword: 'night & day' },
      { name: 'saved-searches' },
      { name: 'taxonomy' },
      { name: 'asset', id: 7 },
      { name: 'asset', id: 7, tab: 'versions' },
      { name: 'compare', id: 7, left: 1, right: 3 },
      { name: 'collections' },
      { name: 'collection', id: 4 },
      { name: 'carts' },
      { name: 'loading-dock' },
    ];
    for (const route of routes) expect(parseRoute(hrefOf(route))).toEqual(route);
  });

  it('reads library routes with numeric ids only, and ignores unknown views and tabs', () => {
    expect(parseRoute('#/folder/42?view=list')).toEqual({ name: 'folder', id: 42, view: 'list' });
    expect(parseRoute('#/folder/42?view=grid')).toEqual({ name: 'folder', id: 42 });
    expect(parseRoute('#/folder/42?sort=size&dir=desc')).toEqual({
      name: 'folder',
      id: 42,
      sort: 'size',
      dir: 'desc',
    });
    expect(parseRoute('#/folder/42?sort=password&dir=sideways')).toEqual({ name: 'folder', id: 42 });
    expect(parseRoute('#/folder/0').name).toBe('not-found');
    expect(parseRoute('#/folder/..%2F1').name).toBe('not-found');
    expect(parseRoute('#/asset/9?tab=extended')).toEqual({ name: 'asset', id: 9, tab: 'extended' });
    expect(parseRoute('#/asset/9/compare?left=1').name).toBe('not-found');
    expect(parseRoute('#/folder/9/compare?left=1&right=2').name).toBe('not-found');
    expect(parseRoute('#/search?q=sunset')).toEqual({ name: 'search', query: 'sunset' });
    expect(parseRoute('#/search?q=x&in=0&saved=abc')).toEqual({ name: 'search', query: 'x' });
  });
});
