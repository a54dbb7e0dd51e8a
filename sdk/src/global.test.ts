import { describe, expect, it } from 'vitest';

describe('script-tag entry', () => {
  it('merges into an existing window.AW4, where the page’s own keys win, and requires new', async () => {
    const pageOwn = { Extra: 1, Logger: 'page-logger' };
    (window as { AW4?: unknown }).AW4 = pageOwn;
    await import('./global.ts');
    const aw4 = (window as unknown as { AW4: Record<string, unknown> }).AW4;
    expect(aw4.Extra).toBe(1);
    expect(aw4.Logger).toBe('page-logger');
    expect(aw4.Utils).toHaveProperty('utoa');
    const Connect = aw4.Connect as { new (): { getStatus(): string }; STATUS: object; (): unknown };
    expect(Connect.STATUS).toHaveProperty('RUNNING', 'RUNNING');
    expect(new Connect().getStatus()).toBe('INITIALIZING');
    expect(new Connect()).toBeInstanceOf(Connect);
    expect(() => Connect()).toThrow('Connect() must be called with new');
  });

  it('defines exactly the namespace the reference documents (aw4.ts)', async () => {
    await import('./global.ts');
    const aw4 = (window as unknown as { AW4: Record<string, unknown> }).AW4;
    const documented = await import('./aw4.ts');
    const defined = Object.keys(aw4).filter((key) => key !== 'Extra');
    expect(defined.sort()).toEqual(Object.keys(documented).sort());
    expect(defined.sort()).toEqual(['Connect', 'ConnectInstaller', 'Logger', 'Utils']);
  });
});
