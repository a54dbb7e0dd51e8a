import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without declarations
import { ADDON_FILE } from '../../native/build.mjs';
import { builtAddon } from '../test-support/built-addon.ts';
import { addonFiles, datagramAddon, datagramAddonFile } from './datagram-addon.ts';

const before = process.env.RAPID_DATAGRAM_ADDON;
afterEach(() => {
  if (before === undefined) delete process.env.RAPID_DATAGRAM_ADDON;
  else process.env.RAPID_DATAGRAM_ADDON = before;
});

describe('the datagram addon switch (RAPID_DATAGRAM_ADDON)', () => {
  it('loads the addon the build puts in transfer/native/build by default', () => {
    builtAddon();
    delete process.env.RAPID_DATAGRAM_ADDON;
    expect(addonFiles()).toContain(ADDON_FILE);
    expect(datagramAddonFile()).toBe(ADDON_FILE);
    expect(typeof datagramAddon()?.gcmSeal).toBe('function');
  });

  it('off forces the JavaScript path', () => {
    process.env.RAPID_DATAGRAM_ADDON = 'off';
    expect(datagramAddon()).toBeUndefined();
  });

  it('a file that is not there (or not an addon) falls back to JavaScript', () => {
    process.env.RAPID_DATAGRAM_ADDON = '/nonexistent/rapid-dgram.node';
    expect(datagramAddon()).toBeUndefined();
    process.env.RAPID_DATAGRAM_ADDON = new URL(import.meta.url).pathname;
    expect(datagramAddon()).toBeUndefined();
  });
});
