import { describe, expect, it } from 'vitest';
import { getFullURI } from './full-uri.ts';

describe('getFullURI', () => {
  it('resolves against the page and drops the trailing slash', () => {
    expect(getFullURI('//cdn.example/connect/v4/')).toBe(`${location.protocol}//cdn.example/connect/v4`);
    expect(getFullURI('/sdk')).toBe(`${location.origin}/sdk`);
    expect(getFullURI('https://a.example/x/')).toBe('https://a.example/x');
  });

  it('gives undefined for non-strings', () => {
    expect(getFullURI(42)).toBeUndefined();
    expect(getFullURI(undefined)).toBeUndefined();
  });
});
