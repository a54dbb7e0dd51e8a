import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACETS, type SearchRequest } from '../../api/search.ts';
import { keywordVector } from '../assets/asset-queries.ts';
import { ensureFolderRow } from '../folders/folder-queries.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

type Facet = (typeof FACETS)[number];
interface Row {
  id: number;
  name: string;
  kind: string;
  fileType: string;
  aspectRatio: string | null;
  colorProfile: string | null;
  keywords: string[];
  year: number;
  status: 'active' | 'missing';
}

const KINDS = ['image', 'video', 'pdf', 'other'];
const TYPES = ['JPEG', 'PNG', 'TIFF', 'PDF', 'MP4'];
const RATIOS = ['1:1', '4:3', '16:9', null];
const PROFILES = ['sRGB', 'Adobe RGB', null];
const WORDS = ['sea', 'city', 'snow', 'team', 'logo', 'food'];

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const facetValue = (row: Row, facet: Exclude<Facet, 'keyword'>) =>
  ({
    kind: row.kind,
    fileType: row.fileType,
    aspectRatio: row.aspectRatio,
    colorProfile: row.colorProfile,
    year: row.year,
  })[facet];

/** The counts worked out in the test from the rows themselves: every refinement but the facet's own applies. */
function expectedFacets(rows: Row[], request: SearchRequest) {
  const refine = request.refine ?? {};
  const passes = (row: Row, facet: Facet) => {
    const picked = refine[facet] as (string | number)[] | undefined;
    if (!picked?.length) return true;
    if (facet === 'keyword') return row.keywords.some((k) => picked.includes(k));
    const value = facetValue(row, facet);
    return value !== null && picked.includes(value);
  };
  const base = rows.filter(
    (row) =>
      row.status === 'active' &&
      (request.q === undefined ||
        row.name.toLowerCase().includes(request.q) ||
        row.keywords.includes(request.q)),
  );
  const result: Record<string, Record<string, number>> = {};
  for (const facet of FACETS) {
    const counts: Record<string, number> = {};
    for (const row of base) {
      if (!FACETS.every((other) => other === facet || passes(row, other))) continue;
      const values = facet === 'keyword' ? row.keywords : [facetValue(row, facet)];
      for (const value of values)
        if (value !== null) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
    }
    result[facet] = counts;
  }
  const total = base.filter((row) => FACETS.every((facet) => passes(row, facet))).length;
  return { facets: result, total };
}

describe.each(DATABASE_KINDS)('facet counts on %s', (kind) => {
  let dam: TestDam;
  let editor: ApiClient;
  const rows: Row[] = [];

  beforeAll(async () => {
    dam = await startTestDam(kind);
    editor = await aclUser(dam, 'fay', 'Library');
    const { db } = dam.services;
    const folderId = await ensureFolderRow(db, 'Library/Set');
    const next = random(12);
    const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)] as T;
    for (let index = 0; index < 160; index++) {
      const keywords = [...new Set([pick(WORDS), pick(WORDS)])].slice(0, Math.floor(next() * 3));
      const row: Omit<Row, 'id'> = {
        name: `${index % 3 === 0 ? 'harbour' : 'meadow'} ${index}`,
        kind: pick(KINDS),
        fileType: pick(TYPES),
        aspectRatio: pick(RATIOS),
        colorProfile: pick(PROFILES),
        keywords,
        year: 2018 + Math.floor(next() * 5),
        status: 'active',
      };
      const inserted = await db
        .insertInto('assets')
        .values({
          folder_id: folderId,
          path: `Library/Set/a${index}.bin`,
          name: row.name,
          file_name: `a${index}.bin`,
          file_type: row.fileType,
          kind: row.kind as 'image',
          content_hash: `h${index}`,
          size: 1000 + index,
          updated_at: new Date(),
          aspect_ratio: row.aspectRatio,
          color_profile: row.colorProfile,
          date_created: new Date(Date.UTC(row.year, 5, 1)),
          keywords,
          keyword_search: keywordVector(keywords),
          rendition_state: 'done',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      rows.push({ ...row, id: inserted.id });
    }
  });
  afterAll(() => dam?.close());

  const requests: SearchRequest[] = [
    { withFacets: true, withTotal: true, limit: 5 },
    { q: 'harbour', withFacets: true, withTotal: true, limit: 5 },
    { refine: { kind: ['image', 'video'] }, withFacets: true, withTotal: true, limit: 5 },
    {
      refine: { kind: ['image', 'pdf'], aspectRatio: ['16:9'], keyword: ['sea', 'snow'] },
      withFacets: true,
      withTotal: true,
      limit: 5,
    },
    {
      q: 'meadow',
      refine: { fileType: ['JPEG', 'PNG'], colorProfile: ['sRGB'], year: [2019, 2021], keyword: ['team'] },
      withFacets: true,
      withTotal: true,
      limit: 5,
    },
  ];

  async function expectExact() {
    for (const request of requests) {
      const { body } = await editor.post('/search', request);
      const expected = expectedFacets(rows, request);
      expect(body.total).toBe(expected.total);
      for (const facet of FACETS) {
        const got = body.facets[facet] as { value: string | number; count: number }[];
        expect(Object.fromEntries(got.map((each) => [String(each.value), each.count])), facet).toEqual(
          expected.facets[facet],
        );
        const counts = got.map((each) => each.count);
        expect(counts, `${facet} most frequent first`).toEqual([...counts].sort((a, b) => b - a));
      }
      expect(typeof body.facets.year[0]?.value).toBe('number');
    }
  }

  it('counts every facet exactly, each one leaving out only its own refinement', async () => {
    await expectExact();
  });

  it('stays exact after edits through the API and changes a re-ingest or reconcile makes', async () => {
    const { db } = dam.services;
    for (const row of rows.slice(0, 40)) {
      row.keywords = row.id % 2 ? ['sea', 'team'] : [];
      const response = await editor.put(`/assets/${row.id}`, { keywords: row.keywords });
      expect(response.status).toBe(200);
    }
    for (const row of rows.slice(40, 60)) {
      row.kind = 'image';
      row.aspectRatio = '16:9';
      await db
        .updateTable('assets')
        .set({ kind: 'image', aspect_ratio: '16:9' })
        .where('id', '=', row.id)
        .execute();
    }
    for (const row of rows.slice(60, 75)) {
      row.status = 'missing';
      await db.updateTable('assets').set({ status: 'missing' }).where('id', '=', row.id).execute();
    }
    await expectExact();
  });

  it('without facets answers the total alone, and without either neither', async () => {
    const request: SearchRequest = { q: 'harbour', withFacets: false, withTotal: true, limit: 5 };
    const { body } = await editor.post('/search', request);
    expect(body).toMatchObject({ facets: null, total: expectedFacets(rows, request).total });
    const bare = await editor.post('/search', { ...request, withTotal: false });
    expect(bare.body).toMatchObject({ facets: null, total: null });
  });
});
