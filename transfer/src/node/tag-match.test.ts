import { describe, expect, it } from 'vitest';
import { matchesTag } from './tag-match.ts';

const cookie = 'jdoe,2026-01-01T12:00:00Z,3,/incoming,/projects/a=b.c';
const transfer = {
  cookie,
  tags: { aspera: { xfer_id: 'x1', xfer_retry: 10, node: { access_key: 'ak' } }, dam: { cookie: 'other,1' } },
};

describe('matchesTag', () => {
  it.each([
    [cookie, true],
    ['other,1', true],
    ['aspera', true],
    ['aspera.node.access_key', true],
    ['aspera.xfer_retry=10', true],
    ['aspera.node.access_key=ak', true],
    ['dam.cookie=other,1', true],
    ['aspera.xfer_retry=11', false],
    ['aspera.missing', false],
    ['jdoe', false],
    ['x1', true],
  ])('%s → %s', (query, expected) => {
    expect(matchesTag(query, transfer)).toBe(expected);
  });

  it('copes with null tags and cookie', () => {
    expect(matchesTag('a', { cookie: null, tags: null })).toBe(false);
  });
});
