import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '../../api/asset-messages.ts';
import { ingestFile, NotIngestableError } from '../assets/ingest.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { tusDriver } from '../test-support/tus-test-driver.ts';

/** Every class of name the rename rule refuses, and one of each it takes at its limits. */
const REFUSED: [string, string][] = [
  ['a right-to-left override', 'invoice\u202Egpj.exe'],
  ['a left-to-right isolate', 'a\u2066b.txt'],
  ['a zero-width space', 'ca\u200Bfe.txt'],
  ['a zero-width joiner', 'a\u200Db.txt'],
  ['a byte order mark', 'a\uFEFFb.txt'],
  ['a soft hyphen', 'a\u00ADb.txt'],
  ['a NUL', 'a\u0000b.txt'],
  ['a control character', 'a\u0001b.txt'],
  ['a newline', 'a\nb.txt'],
  ['DEL', 'a\u007Fb.txt'],
  ['a C1 control', 'a\u0085b.txt'],
  ['a blank name', '   '],
  ['an empty name', ''],
  ['a slash', 'a/b.txt'],
  ['a backslash', 'a\\b.txt'],
  ['a colon', 'a:b.txt'],
  ['a leading period', '.env'],
  ['256 bytes of UTF-8', `${'é'.repeat(126)}.txt`],
];

describe.each(DATABASE_KINDS)('one file name rule for every upload on %s', (kind) => {
  let dam: TestDam;
  let carlos: ApiClient;
  let root: string;

  beforeAll(async () => {
    dam = await startTestDam(kind);
    root = dam.services.config.storageRoot;
    carlos = await aclUser(dam, 'carlos', 'Library');
    await mkdir(join(root, 'Library/Names'), { recursive: true });
  });
  afterAll(() => dam?.close());

  it('the 256-byte case really is 256 bytes, and its 255-byte neighbour is taken', () => {
    expect(Buffer.byteLength(REFUSED.at(-1)?.[1] as string)).toBe(256);
  });

  it.each(REFUSED)('a tus upload named with %s is refused with the rule’s text', async (_, name) => {
    const answer = await tusDriver(dam.url, carlos).create(3, { filename: name, destPath: 'Names' });
    expect(answer.status).toBe(400);
    expect(Object.values(ASSET_MESSAGES)).toContain(answer.text);
  });

  it.each(REFUSED)('a rename to a name with %s is refused the same way', async (_, name) => {
    await writeFile(join(root, 'Library/Names/plain.txt'), 'plain');
    const asset = await ingestFile(dam.services, 'Library/Names/plain.txt');
    const answer = await carlos.post(`/assets/${asset.id}/rename`, { fileName: name });
    expect(answer.status).toBe(400);
  });

  it('takes a 255-byte name', async () => {
    const name = `${'é'.repeat(125)}x.txt`;
    expect(Buffer.byteLength(name)).toBe(255);
    const tus = tusDriver(dam.url, carlos);
    const created = await tus.create(3, { filename: name, destPath: 'Names' });
    expect(created.status).toBe(201);
    expect((await tus.patch(created.location, 0, Buffer.from('abc'))).path).toBe(`Library/Names/${name}`);
  });

  it('stores names in NFC: an NFD café.txt after an NFC one becomes café (2).txt, not a look-alike', async () => {
    const nfc = 'caf\u00e9.txt';
    const nfd = 'cafe\u0301.txt';
    const tus = tusDriver(dam.url, carlos);
    const first = await tus.create(1, { filename: nfc, destPath: 'Names' });
    expect((await tus.patch(first.location, 0, Buffer.from('1'))).path).toBe(`Library/Names/${nfc}`);
    const second = await tus.create(1, { filename: nfd, destPath: 'Names' });
    expect((await tus.patch(second.location, 0, Buffer.from('2'))).path).toBe(
      'Library/Names/caf\u00e9 (2).txt',
    );
    const names = await readdir(join(root, 'Library/Names'));
    expect(names.filter((name) => name.startsWith('caf')).sort()).toEqual(['caf\u00e9 (2).txt', nfc]);
  });

  it('an accelerated upload’s file is ingested under its NFC name, and one with a refused name not at all', async () => {
    await mkdir(join(root, 'Library/Fast'), { recursive: true });
    await writeFile(join(root, 'Library/Fast/re\u0301sume\u0301.txt'), 'nfd');
    const asset = await ingestFile(dam.services, 'Library/Fast/re\u0301sume\u0301.txt');
    const row = await dam.services.db
      .selectFrom('assets')
      .select(['path', 'file_name'])
      .where('id', '=', asset.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ path: 'Library/Fast/r\u00e9sum\u00e9.txt', file_name: 'r\u00e9sum\u00e9.txt' });
    expect(await readdir(join(root, 'Library/Fast'))).toEqual(['r\u00e9sum\u00e9.txt']);

    await writeFile(join(root, 'Library/Fast/evil\u202Etxt.exe'), 'x');
    await expect(ingestFile(dam.services, 'Library/Fast/evil\u202Etxt.exe')).rejects.toBeInstanceOf(
      NotIngestableError,
    );
  });
});
