import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { insertAssetRow } from '../test-support/asset-row.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

/** Files as people name them; the asset name is the file name, as ingest makes it. */
const FILES = [
  'Library/Print/h5-brochure.pdf',
  'Library/Photos/h5-harbour.jpg',
  'Library/Masters/h5-master-150.bin',
  'Library/Photos/IMG_2041.JPG',
  'Library/Campaign/SpringHeroBanner.png',
  'Library/Campaign/café-menu.txt',
  'Library/Print/brochure.pdf',
  'Library/Old/brochure.pdf.bak',
];

/** What a person types → the files they expect to find (exact name first where one matches exactly). */
const CASES: { typed: string; found: string[]; first?: string }[] = [
  { typed: 'h5-brochure.pdf', found: ['h5-brochure.pdf'], first: 'h5-brochure.pdf' },
  { typed: 'h5-harbour.jpg', found: ['h5-harbour.jpg'] },
  { typed: 'master', found: ['h5-master-150.bin'] },
  { typed: 'h5-master-150.bin', found: ['h5-master-150.bin'] },
  { typed: 'harbour', found: ['h5-harbour.jpg'] },
  { typed: 'h5', found: ['h5-brochure.pdf', 'h5-harbour.jpg', 'h5-master-150.bin'] },
  { typed: 'brochure', found: ['brochure.pdf', 'brochure.pdf.bak', 'h5-brochure.pdf'] },
  {
    typed: 'brochure.pdf',
    found: ['brochure.pdf', 'brochure.pdf.bak', 'h5-brochure.pdf'],
    first: 'brochure.pdf',
  },
  { typed: 'pdf', found: ['brochure.pdf', 'brochure.pdf.bak', 'h5-brochure.pdf'] },
  // As the user types: prefixes of a word, and of the whole name.
  { typed: 'broch', found: ['brochure.pdf', 'brochure.pdf.bak', 'h5-brochure.pdf'] },
  { typed: 'h5-har', found: ['h5-harbour.jpg'] },
  { typed: 'img_20', found: ['IMG_2041.JPG'] },
  { typed: '2041', found: ['IMG_2041.JPG'] },
  { typed: 'img_2041.jpg', found: ['IMG_2041.JPG'], first: 'IMG_2041.JPG' },
  // Case changes split words; substrings inside a name are found from three letters on.
  { typed: 'hero', found: ['SpringHeroBanner.png'] },
  { typed: 'banner', found: ['SpringHeroBanner.png'] },
  { typed: 'arbou', found: ['h5-harbour.jpg'] },
  { typed: 'café', found: ['café-menu.txt'] },
  { typed: 'cafe\u0301', found: ['café-menu.txt'] },
  { typed: 'menu', found: ['café-menu.txt'] },
  { typed: 'nothing-like-this', found: [] },
];

describe.each(DATABASE_KINDS)('search by name on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient;

  beforeAll(async () => {
    dam = await startTestDam(kind);
    carla = await aclUser(dam, 'carla', 'Library');
    // The exact match is never the newest, so ranking it first is the ranking's doing, not the date order's.
    for (const [index, path] of FILES.entries())
      await insertAssetRow(dam.services.db, path, { dateAdded: new Date(Date.UTC(2024, 0, 1 + index)) });
  }, 120_000);
  afterAll(() => dam.close());

  it.each(CASES)('"$typed" finds $found', async ({ typed, found, first }) => {
    const response = await carla.post('/search', {
      q: typed,
      sort: { field: 'dateAdded', direction: 'desc' },
      limit: 50,
    });
    expect(response.status).toBe(200);
    const names: string[] = response.body.items.map((item: { name: string }) => item.name);
    expect([...names].sort()).toEqual(found);
    if (first) expect(names[0]).toBe(first);
  });

  it('keeps exact matches first across pages', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    do {
      const response: { status: number; body: { items: { name: string }[]; nextCursor: string | null } } =
        await carla.post('/search', {
          q: 'brochure.pdf',
          sort: { field: 'name', direction: 'asc' },
          limit: 1,
          ...(after ? { after } : {}),
        });
      expect(response.status).toBe(200);
      seen.push(...response.body.items.map((item) => item.name));
      after = response.body.nextCursor;
    } while (after);
    expect(seen).toEqual(['brochure.pdf', 'brochure.pdf.bak', 'h5-brochure.pdf']);
  });
});
