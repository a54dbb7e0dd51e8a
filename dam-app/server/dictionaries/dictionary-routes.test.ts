import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../../api/messages.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { SHIPPED_DICTIONARY_NAME } from './shipped-dictionary.ts';

/** A real .xlsx made with the library the server reads it with: the terms in the first column of the first sheet. */
async function xlsx(terms: (string | number)[]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Terms');
  for (const term of terms) sheet.addRow([term]);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

const NS = 'http://ns.example.org/photo/1.0/';

describe.each(DATABASE_KINDS)('dictionaries on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let ann: ApiClient;

  beforeAll(async () => {
    // The real word list, so the dictionary that ships is loaded at first start as on a site.
    dam = await startTestDam(kind, { DAM_WORD_LIST: '/usr/share/dict/american-english' });
    admin = await dam.userClient('head', { admin: true });
    ann = await dam.userClient('ann');
  });
  afterAll(() => dam.close());

  it('ships about 45k words from the Debian word list, loaded once at first start', async () => {
    const listed = await admin.get('/admin/dictionaries');
    expect(listed.status).toBe(200);
    const shipped = listed.body.find((each: { name: string }) => each.name === SHIPPED_DICTIONARY_NAME);
    expect(shipped).toMatchObject({ shipped: true, usedBy: [] });
    expect(shipped.words).toBeGreaterThan(40_000);
    expect(shipped.words).toBeLessThan(50_000);
    const words = await ann.get(`/dictionaries/${shipped.id}/words?prefix=HARBO&limit=5`);
    expect(words.status).toBe(200);
    expect(words.body.words).toEqual(['harbor', 'harbored', 'harboring']);
    // `%` and `_` are letters to the type-ahead, not patterns.
    expect((await ann.get(`/dictionaries/${shipped.id}/words?prefix=%25`)).body.words).toEqual([]);
    expect((await ann.get(`/dictionaries/${shipped.id}/words?prefix=h_rbor`)).body.words).toEqual([]);
    expect((await ann.get('/dictionaries/999999/words?prefix=a')).status).toBe(404);
  });

  it('creates a dictionary from a real .xlsx upload, only for administrators', async () => {
    const content = await xlsx(['Oslo', 'Bergen', '', 'Tromsø', 2026]);
    expect(
      (await ann.post('/admin/dictionaries/upload', { name: 'Cities', fileName: 'c.xlsx', content })).status,
    ).toBe(403);
    const uploaded = await admin.post('/admin/dictionaries/upload', {
      name: 'Cities',
      fileName: 'cities.xlsx',
      content,
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ name: 'Cities', words: 4, shipped: false });
    const words = await ann.get(`/dictionaries/${uploaded.body.id}/words?prefix=`);
    expect(words.body.words).toEqual(['2026', 'Bergen', 'Oslo', 'Tromsø']);
    const again = await admin.post('/admin/dictionaries/upload', {
      name: 'cities',
      fileName: 'c.xlsx',
      content,
    });
    expect(again.status).toBe(409);
  });

  it('refuses what is not Excel, and terms that repeat or pass 128 characters (R-DICTIONARY-UPLOAD)', async () => {
    const upload = (fileName: string, content: string) =>
      admin.post('/admin/dictionaries/upload', { name: `Bad ${fileName}`, fileName, content });
    const csv = Buffer.from('Oslo\nBergen\n').toString('base64');
    for (const answer of [
      await upload('cities.xlsx', csv),
      await upload('cities.csv', await xlsx(['Oslo'])),
    ]) {
      expect(answer.status).toBe(400);
      expect(answer.body.error.user_message).toBe(FIELD_MESSAGES.dictionaryUpload);
    }
    const notZip = Buffer.from('PK but not a workbook').toString('base64');
    expect((await upload('broken.xlsx', notZip)).body.error.user_message).toBe(
      FIELD_MESSAGES.dictionaryUpload,
    );
    for (const terms of [
      ['Oslo', 'OSLO'],
      ['Oslo', 'x'.repeat(129)],
    ]) {
      const answer = await upload('terms.xlsx', await xlsx(terms));
      expect(answer.status).toBe(400);
      expect(answer.body.error.user_message).toBe(FIELD_MESSAGES.dictionaryTerms);
    }
    const saved = await admin.post('/admin/dictionaries', { name: 'Dupes', words: ['a', 'A'] });
    expect(saved.status).toBe(400);
    expect(saved.body.error.user_message).toBe(FIELD_MESSAGES.dictionaryTerms);
  });

  it('cannot delete a dictionary a form uses (R-DICTIONARY-IN-USE); can once the form is gone', async () => {
    const dictionary = await admin.post('/admin/dictionaries', {
      name: 'Credits',
      words: ['Reuters', 'AFP'],
    });
    expect(dictionary.status).toBe(201);
    const form = await admin.post('/admin/forms', {
      name: 'Credit form',
      tabs: [
        {
          name: 'Main',
          fields: [
            {
              schema: NS,
              property: 'credit',
              label: 'Credit',
              validator: { kind: 'ForceDictionary', dictionaryId: dictionary.body.id },
            },
          ],
        },
      ],
    });
    expect(form.status).toBe(201);
    const listed = (await admin.get('/admin/dictionaries')).body.find(
      (each: { id: number }) => each.id === dictionary.body.id,
    );
    expect(listed.usedBy).toEqual(['Credit form']);
    const refused = await admin.delete(`/admin/dictionaries/${dictionary.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.user_message).toBe(FIELD_MESSAGES.dictionaryInUse);
    expect((await admin.delete(`/admin/forms/${form.body.id}`)).status).toBe(200);
    expect((await admin.delete(`/admin/dictionaries/${dictionary.body.id}`)).status).toBe(200);
    expect((await admin.delete(`/admin/dictionaries/${dictionary.body.id}`)).status).toBe(404);
  });

  it('renames a dictionary and replaces its words', async () => {
    const created = await admin.post('/admin/dictionaries', { name: 'Moods', words: ['calm'] });
    const changed = await admin.put(`/admin/dictionaries/${created.body.id}`, {
      name: 'Feelings',
      words: ['calm', 'bright', 'stormy'],
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Feelings', words: 3 });
    expect((await ann.get(`/dictionaries/${created.body.id}/words?prefix=b`)).body.words).toEqual(['bright']);
    expect(
      (await admin.put(`/admin/dictionaries/${created.body.id}`, { name: 'Cities', words: [] })).status,
    ).toBe(409);
  });
});
