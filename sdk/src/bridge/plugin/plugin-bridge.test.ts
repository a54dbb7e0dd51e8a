import { afterEach, describe, expect, it, vi } from 'vitest';
import { installedPluginVersion, PluginBridge } from './plugin-bridge.ts';

afterEach(() => vi.restoreAllMocks());

const plugin = (type: string, version?: string, description = '') =>
  Object.assign([{ type }], { version, description }) as unknown as Parameters<
    typeof installedPluginVersion
  >[0] extends ArrayLike<infer P>
    ? P
    : never;

describe('plug-in detection', () => {
  it('reads the version of the plug-in that handles application/x-aspera-web', () => {
    expect(installedPluginVersion([])).toBeUndefined();
    expect(installedPluginVersion([plugin('application/pdf', '1.0')])).toBeUndefined();
    expect(installedPluginVersion([plugin('application/x-aspera-web', '3.5.2')])).toBe('3.5.2');
    expect(
      installedPluginVersion([plugin('application/x-aspera-web', undefined, 'Aspera Web 3.7.4.1')]),
    ).toBe('3.7.4.1');
  });

  it('never reports a usable plug-in, and says why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(new PluginBridge([]).detect()).resolves.toBe(false);
    await expect(new PluginBridge([plugin('application/x-aspera-web', '3.5')]).detect()).resolves.toBe(false);
    expect(warn.mock.calls.map((call) => call[0])).toEqual([
      'The Connect browser plug-in is not installed.',
      'The Connect browser plug-in 3.5 is older than 3.6.',
    ]);
  });
});
