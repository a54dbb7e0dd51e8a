import { describe, expect, it } from 'vitest';
import { STORE_LINKS, storeBrowser, storeLink } from './browser-info.ts';

const UA = {
  chrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
};

describe('extension store links', () => {
  it('tells the browsers apart (Edge says Chrome too)', () => {
    expect(storeBrowser(UA.chrome)).toBe('chrome');
    expect(storeBrowser(UA.edge)).toBe('edge');
    expect(storeBrowser(UA.firefox)).toBe('firefox');
    expect(storeBrowser(UA.safari)).toBeUndefined();
  });

  it('links Rapid’s listing by the extension id, a page override, or nothing', () => {
    expect(storeLink(UA.chrome)).toBe(STORE_LINKS.chrome);
    expect(STORE_LINKS.chrome).toMatch(/\/[a-p]{32}$/);
    expect(storeLink(UA.firefox, { firefox: 'https://dam.example/sdk/bin/rapid.xpi' })).toBe(
      'https://dam.example/sdk/bin/rapid.xpi',
    );
    expect(storeLink(UA.safari)).toBe('');
  });
});
