import { describe, expect, it } from 'vitest';
import { detectBrowser, hasNativeMessagingExtension } from './browser.ts';

const UA = {
  chrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeChromium:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  edge14:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/51.0 Safari/537.36 Edge/14.14393',
  edge13:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/46.0 Safari/537.36 Edge/13.10586',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  firefox49: 'Mozilla/5.0 (X11; Linux x86_64; rv:49.0) Gecko/20100101 Firefox/49.0',
  safari17:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  safari9:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_6) AppleWebKit/601.7.7 (KHTML, like Gecko) Version/9.1.2 Safari/601.7.7',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
};

const on = (userAgent: string) =>
  Object.entries(detectBrowser(userAgent))
    .filter(([, value]) => value)
    .map(([key]) => key);

describe('detectBrowser', () => {
  it.each([
    ['chrome', ['CHROME']],
    ['edgeChromium', ['CHROME', 'EDGE_CHROMIUM']],
    ['edge14', ['EDGE_WITH_EXTENSION']],
    ['edge13', ['EDGE_LEGACY']],
    ['firefox', ['FIREFOX']],
    ['firefox49', ['FIREFOX_LEGACY']],
    ['safari17', ['SAFARI', 'SAFARI_NO_NPAPI']],
    ['safari9', ['SAFARI']],
    ['ie11', ['IE']],
    ['iphone', ['IOS', 'SAFARI', 'SAFARI_NO_NPAPI']],
    ['opera', ['OPERA']],
  ] as const)('%s → %j', (name, flags) => {
    expect(on(UA[name])).toEqual(flags);
  });

  it('knows which browsers have the native-messaging extension', () => {
    expect(hasNativeMessagingExtension(detectBrowser(UA.chrome))).toBe(true);
    expect(hasNativeMessagingExtension(detectBrowser(UA.firefox49))).toBe(false);
    expect(hasNativeMessagingExtension(detectBrowser(UA.safari17))).toBe(false);
  });
});

describe('headless Chromium', () => {
  it('is Chrome', () => {
    expect(
      detectBrowser('Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/131.0.0.0 Safari/537.36').CHROME,
    ).toBe(true);
  });
});
