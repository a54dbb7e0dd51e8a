import { beforeEach, describe, expect, it, vi } from 'vitest';

/** Test double of the few window parts the router uses: an address whose hash History calls change. */
function fakeWindow(hash: string) {
  const events = new EventTarget();
  const location = { hash };
  const setHref = (_state: unknown, _title: string, href: string) => {
    location.hash = href.startsWith('#') ? href : `#${href}`;
  };
  return Object.assign(events, {
    location,
    history: { pushState: setHref, replaceState: setHref },
    confirm: () => true,
  });
}

describe('redirect', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('replaces the address while it still names the screen that redirects', async () => {
    vi.stubGlobal('window', fakeWindow('#/'));
    const { redirect } = await import('./use-route.ts');
    redirect('home', { name: 'folder', id: 1 });
    expect(window.location.hash).toBe('#/folder/1');
  });

  it('leaves an address the person moved to while the screen loaded', async () => {
    vi.stubGlobal('window', fakeWindow('#/'));
    const { redirect } = await import('./use-route.ts');
    // The home screen's tree arrives after the person opened an asset (a typed address, Back, a link).
    window.location.hash = '#/asset/7';
    redirect('home', { name: 'folder', id: 1 });
    expect(window.location.hash).toBe('#/asset/7');
  });
});
