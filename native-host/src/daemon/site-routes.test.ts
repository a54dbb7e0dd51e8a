import { afterEach, describe, expect, it } from 'vitest';
import { PAGE, startTestDaemon } from './test-daemon.ts';

type TestDaemon = Awaited<ReturnType<typeof startTestDaemon>>;
let daemon: TestDaemon | undefined;
afterEach(async () => {
  await daemon?.close();
  daemon = undefined;
});

const EVIL = 'https://evil.example';
const LATER = 'https://later.example';
const POPUP = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';

/** A call as the native host relays it from the extension's popup (or, with `fromExtension` false, a page). */
async function asPopup(d: TestDaemon, method: string, path: string, body?: object, fromExtension = true) {
  const headers: Record<string, string> = { 'x-rapid-origin': fromExtension ? POPUP : PAGE };
  if (fromExtension) headers['x-rapid-caller'] = 'extension';
  const response = await d.api.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('site decisions in the extension popup', () => {
  it('lists allowed and denied sites, not the ones that were only told "not now", and forgets either', async () => {
    daemon = await startTestDaemon();
    await daemon.setScript({ consent: { [PAGE]: true, [EVIL]: false, [LATER]: 'not-now' } });
    for (const origin of [PAGE, EVIL, LATER])
      await daemon.call('GET', '/connect/file/initialize-drag-drop', undefined, origin);
    expect((await asPopup(daemon, 'GET', '/connect/rapid/sites')).body).toEqual({
      sites: [
        { origin: PAGE, allowed: true },
        { origin: EVIL, allowed: false },
      ],
    });
    for (const origin of [PAGE, EVIL])
      expect((await asPopup(daemon, 'POST', '/connect/rapid/sites/forget', { origin })).status).toBe(200);
    expect((await asPopup(daemon, 'GET', '/connect/rapid/sites')).body).toEqual({ sites: [] });
    // Forgotten: the next call asks again.
    const before = (await daemon.uiQuestions()).filter((each) => each.kind === 'consent').length;
    await daemon.call('GET', '/connect/file/initialize-drag-drop', undefined, EVIL);
    expect((await daemon.uiQuestions()).filter((each) => each.kind === 'consent')).toHaveLength(before + 1);
  });

  it('keeps a configured key required when its site is forgotten', async () => {
    daemon = await startTestDaemon();
    daemon.daemon.settings.update((current) => ({
      ...current,
      trusted_sites: { [PAGE]: { allowed: true, authorization_key: 'key-12345678' } },
    }));
    await asPopup(daemon, 'POST', '/connect/rapid/sites/forget', { origin: PAGE });
    expect(daemon.daemon.settings.get().trusted_sites).toEqual({
      [PAGE]: { allowed: false, authorization_key: 'key-12345678' },
    });
  });

  it('refuses web pages, over the host or local HTTP', async () => {
    daemon = await startTestDaemon();
    expect((await asPopup(daemon, 'GET', '/connect/rapid/sites', undefined, false)).status).toBe(403);
    const forget = await asPopup(daemon, 'POST', '/connect/rapid/sites/forget', { origin: PAGE }, false);
    expect(forget.status).toBe(403);
    expect((await daemon.call('GET', '/connect/rapid/sites')).status).toBe(403);
  });
});
