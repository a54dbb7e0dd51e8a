import { afterEach, describe, expect, it, vi } from 'vitest';
import { bridgeFactories } from './bridge-factories.ts';
import { resolveOptions } from './options.ts';

afterEach(() => vi.unstubAllGlobals());

const kinds = (userAgent: string) => {
  vi.stubGlobal('navigator', { userAgent });
  const factories = bridgeFactories(resolveOptions());
  return Object.entries(factories)
    .filter(([, factory]) => factory)
    .map(([name, factory]) => [name, factory?.().kind]);
};

describe('bridgeFactories', () => {
  it('offers the extension then HTTP on Chromium and Firefox, and no HTTP on Safari', () => {
    expect(kinds('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36')).toEqual([
      ['extension', 'extension'],
      ['http', 'http'],
    ]);
    expect(kinds('Mozilla/5.0 (X11; rv:49.0) Gecko/20100101 Firefox/49.0')).toEqual([['http', 'http']]);
    expect(kinds('Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 Version/17.1 Safari/605.1.15')).toEqual([
      ['extension', 'safari'],
    ]);
    expect(kinds('Mozilla/5.0 (Macintosh) AppleWebKit/601.7.7 Version/9.1.2 Safari/601.7.7')).toEqual([
      ['plugin', 'plugin'],
    ]);
    expect(kinds('Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko')).toEqual([
      ['plugin', 'plugin'],
    ]);
  });
});
