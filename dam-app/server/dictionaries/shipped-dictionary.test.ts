import { describe, expect, it } from 'vitest';
import { shippedWords } from './shipped-dictionary.ts';

describe('the dictionary that ships (R-SHIPPED-DICTIONARY)', () => {
  it('keeps lower-case words, drops names, possessives and plurals whose singular is listed', () => {
    const list = ['Oslo', 'harbor', "harbor's", 'harbors', 'box', 'boxes', 'news', 'bus', 'buses', ''].join(
      '\n',
    );
    expect(shippedWords(list)).toEqual(['harbor', 'box', 'news', 'bus']);
  });
});
