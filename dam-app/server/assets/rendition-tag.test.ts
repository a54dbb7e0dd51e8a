import { describe, expect, it } from 'vitest';
import { renditionTag } from './rendition-tag.ts';

describe('renditionTag', () => {
  const row = { content_hash: 'abc', storage_key: 'r/1/thumb.jpg', size: 9000, created_at: new Date(1_000) };

  it('is the same for the same bytes and URL-safe', () => {
    expect(renditionTag(row)).toBe(renditionTag({ ...row, size: '9000' }));
    expect(renditionTag(row)).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('changes when the source, the stored file, its size or the time it was made changes', () => {
    const tag = renditionTag(row);
    for (const changed of [
      { content_hash: 'abd' },
      { storage_key: 'r/1/thumb-2.jpg' },
      { size: 9001 },
      { created_at: new Date(2_000) },
    ])
      expect(renditionTag({ ...row, ...changed })).not.toBe(tag);
  });
});
