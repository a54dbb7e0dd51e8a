import { describe, expect, it } from 'vitest';
import { resolveRapidPaths } from './paths.ts';

describe('resolveRapidPaths', () => {
  it('follows XDG on Linux', () => {
    const paths = resolveRapidPaths({ env: {}, platform: 'linux', home: '/home/ana' });
    expect(paths.home).toBe('/home/ana/.local/share/rapid');
    expect(paths.daemonSocket).toBe('/home/ana/.local/share/rapid/daemon.sock');
    expect(paths.logDir).toBe('/home/ana/.local/share/rapid/logs');
  });

  it('lets RAPID_HOME override, as the test harness does', () => {
    const paths = resolveRapidPaths({ env: { RAPID_HOME: '/tmp/r1' }, platform: 'linux', home: '/home/ana' });
    expect(paths.daemonSocket).toBe('/tmp/r1/daemon.sock');
  });

  it('uses a per-home named pipe on Windows', () => {
    const a = resolveRapidPaths({
      env: { LOCALAPPDATA: 'C:\\Users\\a\\AppData\\Local' },
      platform: 'win32',
      home: '',
    });
    const b = resolveRapidPaths({
      env: { LOCALAPPDATA: 'C:\\Users\\b\\AppData\\Local' },
      platform: 'win32',
      home: '',
    });
    expect(a.daemonSocket).toMatch(/^\\\\\.\\pipe\\rapid-daemon-[0-9a-f]+$/);
    expect(a.daemonSocket).not.toBe(b.daemonSocket);
  });
});
