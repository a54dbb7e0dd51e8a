// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { AdoptedSheet, createAdoptedCache } from './adopted-sheet.ts';

const rules = (sheet: CSSStyleSheet | undefined) => [...(sheet?.cssRules ?? [])].map((rule) => rule.cssText);

describe('AdoptedSheet', () => {
  it('gives emotion a cache whose rules land in an adopted stylesheet, never a <style> element', () => {
    const cache = createAdoptedCache('t');
    cache.sheet.insert('.a { color: red; }');
    expect(document.querySelectorAll('style')).toHaveLength(0);
    const [main] = document.adoptedStyleSheets;
    expect(rules(main).join()).toContain('color: red');
  });

  it('puts Global sheets before the cache’s own, in creation order, and flushes only its own rules', () => {
    const main = document.adoptedStyleSheets[0];
    const first = new AdoptedSheet({ key: 't-global', container: document.head });
    const second = new AdoptedSheet({ key: 't-global', container: document.head });
    first.insert('body { margin: 0; }');
    second.insert('html { color: black; }');
    const sheets = document.adoptedStyleSheets;
    expect(sheets.indexOf(main as CSSStyleSheet)).toBe(sheets.length - 1);
    expect(rules(sheets[sheets.length - 3]).join()).toContain('margin');
    expect(rules(sheets[sheets.length - 2]).join()).toContain('color: black');
    first.flush();
    expect(rules(sheets[sheets.length - 3])).toEqual([]);
    expect(rules(main).join()).toContain('color: red');
  });

  it('skips rules this engine cannot parse, as emotion does', () => {
    const sheet = new AdoptedSheet({ key: 'x', container: document.head });
    expect(() => sheet.insert('::-moz-selection { }}}')).not.toThrow();
  });
});
