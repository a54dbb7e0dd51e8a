import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { valueProblem } from '../../api/field-validators.ts';
import { METADATA_IO_MESSAGES } from '../../api/messages.ts';
import { IMPORT_STATES } from '../../api/metadata-io.ts';
import { ingestFile } from '../assets/ingest.ts';
import { ensureFolderRow } from '../folders/folder-queries.ts';
import { EXIFTOOL } from '../media/exiftool.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { sampleJpeg } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

const NS = 'http://ns.example.org/photo/1.0/';
const CITY = `${NS}city`;
const COPIES = `${NS}copies`;
const NOTE = `${NS}note`;
const ASSETS = 12;
/** Debian's iconv (libc-bin) names of the spec's encodings. */
const ICONV = {
  'utf-8': 'UTF-8',
  'utf-16': 'UTF-16',
  'iso-8859-1': 'ISO-8859-1',
  macroman: 'MACINTOSH',
} as const;
type Encoding = keyof typeof ICONV;
const ENCODINGS = Object.keys(ICONV) as Encoding[];
const FORMATS = ['csv', 'tab', 'xml', 'custom'] as const;
type Format = (typeof FORMATS)[number];
const CUSTOM = { delimiter: ';', escape: '\\' };

/** The text in the encoding, made by the system's iconv as a person's tool would make the file. */
const iconv = (text: string, encoding: Encoding) =>
  execFileSync('iconv', ['-f', 'UTF-8', '-t', ICONV[encoding]], { input: Buffer.from(text, 'utf8') });

/** A file of rows in a format, as a person would write it by hand. */
function fileText(format: Format, rows: { id: string; city: string; copies: string }[]) {
  if (format === 'xml')
    return [
      '<?xml version="1.0"?>',
      '<metadata>',
      ...rows.map(
        (row) =>
          `<asset id="${row.id}"><field key="${CITY}">${row.city.replace(/&/g, '&amp;')}</field><field key="${COPIES}">${row.copies}</field></asset>`,
      ),
      '</metadata>',
    ].join('\n');
  const delimiter = format === 'csv' ? ',' : format === 'tab' ? '\t' : CUSTOM.delimiter;
  const quote = (value: string) => {
    if (!/[",;\t\\\n]/.test(value)) return value;
    const escaped = format === 'custom' ? value.replace(/["\\]/g, '\\$&') : value.replace(/"/g, '""');
    return `"${escaped}"`;
  };
  return [
    ['id', CITY, COPIES].join(delimiter),
    ...rows.map((row) => [row.id, row.city, row.copies].map(quote).join(delimiter)),
  ].join('\n');
}

describe.each(DATABASE_KINDS)('metadata import and export on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient;
  let vic: ApiClient;
  let admin: ApiClient;
  let ids: number[];

  const fieldsOf = async (assetIds: number[]) =>
    (
      await dam.services.db
        .selectFrom('assets')
        .select(['id', sql<Record<string, string> | null>`metadata->'fields'`.as('fields')])
        .where('id', 'in', assetIds)
        .orderBy('id')
        .execute()
    ).map((row) => row.fields ?? {});
  const upload = async (
    client: ApiClient,
    path: string,
    query: Record<string, string>,
    bytes: Uint8Array,
  ) => {
    const response = await fetch(`${dam.url}/api/v1${path}?${new URLSearchParams(query)}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/octet-stream',
        origin: dam.url,
        ...(client.cookie ? { cookie: client.cookie } : {}),
      },
      body: new Uint8Array(bytes),
    });
    return { status: response.status, body: await response.json() };
  };
  const finished = async (client: ApiClient, id: number) => {
    for (let tries = 0; tries < 200; tries += 1) {
      const answer = await client.get(`/metadata/imports/${id}`);
      if (answer.body.state !== 'starting') return answer.body;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the import did not finish');
  };
  const importFile = async (query: Record<string, string>, bytes: Uint8Array) => {
    const started = await upload(carla, '/metadata/imports', query, bytes);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(IMPORT_STATES).toContain(started.body.state);
    return finished(carla, started.body.id);
  };
  const exportBytes = async (layout: Record<string, string>) => {
    const response = await fetch(`${dam.url}/api/v1/metadata/export`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: dam.url, cookie: carla.cookie ?? '' },
      body: JSON.stringify({ source: { kind: 'selection', assetIds: ids }, layout }),
    });
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };
  const layoutQuery = (format: Format, encoding: Encoding) => ({
    format,
    encoding,
    ...(format === 'custom' ? CUSTOM : {}),
  });

  beforeAll(async () => {
    dam = await startTestDam(kind);
    admin = await aclUser(dam, 'head', '', undefined, { admin: true });
    carla = await aclUser(dam, 'carla', 'Library');
    vic = await aclUser(dam, 'vic', 'Library', ['facet browsing']);
    const folderId = await ensureFolderRow(dam.services.db, 'Library/Meta');
    const { rows } = await sql<{ id: number }>`
      insert into assets (folder_id, path, name, file_name, description, file_type, mime_type, kind, size,
        content_hash, keywords, date_created, rendition_state)
      select ${folderId}, 'Library/Meta/' || i || '.bin', i || '.bin', i || '.bin', '', 'BIN',
        'application/octet-stream', 'other', 1000, 'meta-' || i, '{}', now(), 'done'
      from generate_series(1, ${ASSETS}) i
      returning id`.execute(dam.services.db);
    ids = rows.map((row) => Number(row.id));
    const library = await ensureFolderRow(dam.services.db, 'Library');
    const field = (property: string, validator: Record<string, unknown>) => ({
      schema: NS,
      property,
      label: property,
      validator,
    });
    const form = await admin.post('/admin/forms', {
      name: 'Photo',
      tabs: [
        {
          name: 'Main',
          fields: [
            field('city', { kind: 'String' }),
            field('copies', { kind: 'Integer' }),
            field('note', { kind: 'String' }),
          ],
        },
      ],
      assignments: [{ folderId: library, use: 'bulkEdit' }],
    });
    expect(form.status, JSON.stringify(form.body)).toBe(201);
  }, 60_000);
  afterAll(() => dam.close());

  it('imports CSV, tab, XML and a custom delimiter in UTF-8, UTF-16, ISO-8859-1 and MacRoman, reporting a bad row and applying the rest (R-METADATA-IMPORT)', async () => {
    let round = 0;
    for (const format of FORMATS)
      for (const encoding of ENCODINGS) {
        round += 1;
        const city = `Zürich, "Café" ${round} & Genève`;
        const bytes = iconv(
          fileText(format, [
            { id: String(ids[0]), city, copies: String(round) },
            { id: String(ids[1]), city: 'Oslo', copies: 'many' },
            { id: '999999', city: 'Nowhere', copies: '1' },
            { id: String(ids[2]), city: `${city}!`, copies: '7' },
          ]),
          encoding,
        );
        const ending = format === 'xml' ? 'xml' : format === 'csv' ? 'csv' : 'txt';
        const done = await importFile(
          { ...layoutQuery(format, encoding), match: 'id', fileName: `meta.${ending}` },
          bytes,
        );
        const label = `${format} in ${encoding}`;
        expect(done, label).toMatchObject({ state: 'finished', rows: 4, applied: 2, errorCount: 2 });
        const firstRow = format === 'xml' ? 1 : 2;
        expect(done.errors, label).toEqual([
          {
            row: firstRow + 1,
            field: COPIES,
            message: valueProblem({ kind: 'Integer', notEmpty: false }, 'many'),
          },
          { row: firstRow + 2, message: METADATA_IO_MESSAGES.noAsset },
        ]);
        const [first, second, third] = await fieldsOf(ids.slice(0, 3));
        expect(first, label).toEqual({ [CITY]: city, [COPIES]: String(round) });
        expect(second?.[COPIES], label).toBeUndefined();
        expect(third, label).toEqual({ [CITY]: `${city}!`, [COPIES]: '7' });
      }
  });

  it('previews what an import would change and changes nothing; matches by path', async () => {
    const before = await fieldsOf(ids.slice(3, 5));
    const bytes = Buffer.from(
      `path,${NOTE},${COPIES}\nLibrary/Meta/4.bin,"two\nlines",\nLibrary/Meta/5.bin,=1+1,x\n`,
    );
    const preview = await upload(
      carla,
      '/metadata/imports/preview',
      { format: 'csv', match: 'path', fileName: 'a.CSV' },
      bytes,
    );
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body).toMatchObject({ rows: 2, changing: 1, unchanged: 0, errorCount: 1 });
    expect(preview.body.changes).toEqual([
      { row: 2, assetId: ids[3], key: NOTE, from: '', to: 'two\nlines' },
    ]);
    expect(await fieldsOf(ids.slice(3, 5))).toEqual(before);
    const done = await importFile({ format: 'csv', match: 'path', fileName: 'a.csv' }, bytes);
    expect(done).toMatchObject({ state: 'finished', applied: 1, errorCount: 1 });
    expect((await fieldsOf([ids[3] as number]))[0]).toEqual({ [NOTE]: 'two\nlines' });
  });

  it('round-trips every format and encoding: export, import, export again gives the same bytes and changes nothing', async () => {
    // Values that need quoting, escaping, XML entities, a formula-like start and characters every encoding holds.
    await sql`update assets set metadata = jsonb_set(metadata, '{fields}', ${JSON.stringify({
      [CITY]: 'Köln; "Dom", \\ ok',
      [NOTE]: "=SUM(A1) & <b>\r\nend\t'",
    })}::jsonb) where id = ${ids[5]}`.execute(dam.services.db);
    await sql`update assets set metadata = jsonb_set(metadata, '{fields}', ${JSON.stringify({ [NOTE]: "'-5" })}::jsonb) where id = ${ids[6]}`.execute(
      dam.services.db,
    );
    const stamp = async () =>
      (
        await sql<{
          stamp: string;
        }>`select max(updated_at)::text || count(*)::text as stamp from assets`.execute(dam.services.db)
      ).rows[0]?.stamp;
    for (const format of FORMATS)
      for (const encoding of ENCODINGS) {
        const label = `${format} in ${encoding}`;
        const layout = layoutQuery(format, encoding);
        const exported = await exportBytes(layout);
        const before = await stamp();
        const done = await importFile(
          {
            ...layout,
            match: format === 'tab' ? 'path' : 'id',
            fileName: format === 'xml' ? 'x.xml' : 'x.txt',
          },
          exported,
        );
        expect(done, label).toMatchObject({ state: 'success', applied: 0, unchanged: ASSETS, errorCount: 0 });
        expect(await stamp(), label).toBe(before);
        expect((await exportBytes(layout)).equals(exported), label).toBe(true);
      }
    const csv = (await exportBytes({ format: 'csv', encoding: 'utf-8' })).toString('utf8');
    expect(csv).toContain(`"'=SUM(A1) & <b>\r\nend\t'"`);
    expect(csv).toContain(`,''-5\r\n`);
  });

  it('refuses other files, a custom format without its characters, a file it cannot read and a person who may not change metadata', async () => {
    const bytes = Buffer.from(`id,${CITY}\n${ids[0]},x\n`);
    const json = await upload(carla, '/metadata/imports', { format: 'csv', fileName: 'a.json' }, bytes);
    expect(json.status).toBe(400);
    expect(json.body.error.user_message).toBe(METADATA_IO_MESSAGES.importFileType);
    const custom = await upload(
      carla,
      '/metadata/imports',
      { format: 'custom', delimiter: ';', fileName: 'a.txt' },
      bytes,
    );
    expect(custom.status).toBe(400);
    expect(custom.body.error.user_message).toBe(METADATA_IO_MESSAGES.customDelimiter);
    const latin1 = await upload(
      carla,
      '/metadata/imports',
      { format: 'csv', fileName: 'a.csv' },
      iconv(`id,${CITY}\n${ids[0]},Zürich\n`, 'iso-8859-1'),
    );
    expect(latin1.status).toBe(400);
    expect(latin1.body.error.user_message).toBe(METADATA_IO_MESSAGES.unreadable);
    const noKey = await upload(
      carla,
      '/metadata/imports',
      { format: 'csv', match: 'path', fileName: 'a.csv' },
      bytes,
    );
    expect(noKey.body.error.user_message).toBe(METADATA_IO_MESSAGES.noKeyColumn('path'));
    expect((await upload(vic, '/metadata/imports', { format: 'csv', fileName: 'a.csv' }, bytes)).status).toBe(
      403,
    );
    const tooMany = await carla.post('/metadata/export', {
      source: { kind: 'selection', assetIds: Array.from({ length: 100_001 }, (_, index) => index + 1) },
      layout: { format: 'csv' },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.user_message).toBe(METADATA_IO_MESSAGES.exportTooLarge);
    await sql`update assets set metadata = jsonb_set(metadata, '{fields}', ${JSON.stringify({ [CITY]: '5 €' })}::jsonb) where id = ${ids[7]}`.execute(
      dam.services.db,
    );
    const latin = await carla.post('/metadata/export', {
      source: { kind: 'folder', folderId: await ensureFolderRow(dam.services.db, 'Library/Meta') },
      layout: { format: 'csv', encoding: 'iso-8859-1' },
    });
    expect(latin.status).toBe(400);
    expect(latin.body.error.user_message).toBe(METADATA_IO_MESSAGES.notEncodable('iso-8859-1'));
  });

  it('embeds the description, keywords and form values in the downloaded file’s XMP and IPTC, read back by exiftool (R-XMP-EMBED)', async () => {
    await sampleJpeg(join(dam.services.config.storageRoot, 'Library/Meta/photo.jpg'));
    const { id: assetId } = await ingestFile(dam.services, 'Library/Meta/photo.jpg');
    await sql`update assets set description = 'Köln "Dom"', keywords = ${['cathedral', 'Köln']},
      metadata = jsonb_set(metadata, '{fields}', ${JSON.stringify({ [CITY]: 'Zürich', [NOTE]: 'two\nlines' })}::jsonb)
      where id = ${assetId}`.execute(dam.services.db);
    const response = await fetch(`${dam.url}/api/v1/metadata/assets/${assetId}/file`, {
      headers: { cookie: carla.cookie ?? '' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-metadata-embedded')).toBe('yes');
    const file = join(await mkdtemp(join(tmpdir(), 'dam-embed-test-')), 'photo.jpg');
    await writeFile(file, Buffer.from(await response.arrayBuffer()));
    const [tags] = JSON.parse(
      execFileSync(EXIFTOOL, ['-j', '-G1', '-XMP:all', '-IPTC:all', file]).toString('utf8'),
    );
    expect(tags).toMatchObject({
      'XMP-dc:Description': 'Köln "Dom"',
      'XMP-dc:Subject': ['cathedral', 'Köln'],
      'IPTC:Caption-Abstract': 'Köln "Dom"',
      'IPTC:Keywords': ['cathedral', 'Köln'],
    });
    const packet = execFileSync(EXIFTOOL, ['-b', '-XMP', file]).toString('utf8');
    expect(packet).toContain(`='${NS}'`);
    expect(packet).toMatch(/<dam\d:city>Zürich<\/dam\d:city>/);
    expect(packet).toMatch(/<dam\d:note>two\nlines<\/dam\d:note>/);
    // The stored original is left as it was.
    const stored = execFileSync(EXIFTOOL, [
      '-j',
      '-XMP:all',
      join(dam.services.config.storageRoot, 'Library/Meta/photo.jpg'),
    ]);
    expect(stored.toString('utf8')).not.toContain('Zürich');
  });

  it('starts the metadataChanged workflows of each asset an import or a stamp changes, once each (R-WORKFLOW-TRIGGERS)', async () => {
    const workflow = await admin.post('/admin/workflows', {
      name: 'Watch',
      trigger: 'metadataChanged',
      script: "log.fine('changed');",
    });
    expect(workflow.status, JSON.stringify(workflow.body)).toBe(201);
    const runs = async () =>
      (
        await dam.services.db
          .selectFrom('workflow_runs')
          .select(['asset_id'])
          .where('workflow_id', '=', workflow.body.id)
          .orderBy('asset_id')
          .execute()
      ).map((row) => row.asset_id);
    const done = await importFile(
      { format: 'csv', fileName: 'w.csv' },
      Buffer.from(`id,${NOTE}\n${ids[8]},watched\n${ids[9]},watched\n`),
    );
    expect(done).toMatchObject({ state: 'success', applied: 2 });
    expect(await runs()).toEqual([ids[8], ids[9]]);
    const stamp = await admin.post('/admin/stamps', {
      name: 'Watched',
      values: [{ key: NOTE, value: 'stamped' }],
    });
    expect((await carla.post(`/stamps/${stamp.body.id}/apply`, { assetIds: [ids[10]] })).status).toBe(200);
    expect(await runs()).toEqual([ids[8], ids[9], ids[10]]);
    await admin.delete(`/admin/workflows/${workflow.body.id}`);
  });
});
