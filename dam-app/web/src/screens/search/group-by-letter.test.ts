import { describe, expect, it } from 'vitest';
import { groupByLetter } from './group-by-letter.ts';

describe('taxonomy groups', () => {
  it('groups keywords by their first letter, accents folded, digits under #', () => {
    const groups = groupByLetter([
      { keyword: 'autumn', count: 1 },
      { keyword: 'Architecture', count: 2 },
      { keyword: 'été', count: 1 },
      { keyword: '2024', count: 3 },
    ]);
    expect(groups.map(([letter, list]) => [letter, list.map((each) => each.keyword)])).toEqual([
      ['A', ['autumn', 'Architecture']],
      ['E', ['été']],
      ['#', ['2024']],
    ]);
  });
});
