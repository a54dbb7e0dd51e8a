import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectBrowser } from './browser.ts';
import { launchConnect, launchMethod } from './launch-connect.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('launchConnect', () => {
  it('picks the mechanism per browser', () => {
    expect(launchMethod(detectBrowser('Chrome/131.0 Safari/537.36'))).toBe('navigate-and-watch');
    expect(launchMethod(detectBrowser('Chrome/51.0 Safari/537.36 Edge/14.14393'))).toBe('navigate');
    expect(launchMethod(detectBrowser('Gecko/20100101 Firefox/133.0'))).toBe('hidden-frame');
  });

  it('loads the URI in a hidden frame on Firefox and Safari', () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; rv:133.0) Gecko/20100101 Firefox/133.0' });
    const callback = vi.fn();
    launchConnect(callback, 'about:blank#fasp');
    const frame = document.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('about:blank#fasp');
    expect(frame?.style.visibility).toBe('hidden');
    expect(callback).toHaveBeenCalledWith(true);
  });
});
