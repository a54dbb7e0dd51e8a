import { describe, expect, it } from 'vitest';

describe('script-tag entry', () => {
  it('merges into an existing window.AW4, where the page’s own keys win', async () => {
    const pageOwn = { Connect: 'page-connect', Extra: 1 };
    (window as { AW4?: unknown }).AW4 = pageOwn;
    await import('./global.ts');
    const aw4 = (window as unknown as { AW4: Record<string, unknown> }).AW4;
    expect(aw4.Connect).toBe('page-connect');
    expect(aw4.Extra).toBe(1);
    expect(aw4.Logger).toHaveProperty('setLevel');
    expect(aw4.Utils).toHaveProperty('utoa');
  });
});
