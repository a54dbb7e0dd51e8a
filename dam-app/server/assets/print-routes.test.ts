import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFTOPPM } from '../media/make-renditions.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { eventually, sampleJpeg } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

const run = promisify(execFile);

describe.each(DATABASE_KINDS)('print outputs and contact sheets on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient;
  const ids: number[] = [];
  const fetchBytes = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(`/api/v1${path}`, dam.url), {
      ...init,
      headers: { cookie: carla.cookie ?? '', origin: dam.url, ...(init.headers ?? {}) },
    });
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  };

  beforeAll(async () => {
    dam = await startTestDam(kind);
    carla = await aclUser(dam, 'carla', 'Library');
    for (let index = 0; index < 22; index++) {
      const path = `Library/Sheet/p${index}.jpg`;
      await sampleJpeg(join(dam.services.config.storageRoot, path), {
        color: index % 2 ? '#aa2222' : '#2222aa',
      });
      ids.push((await carla.post('/assets/ingest', { path })).body.asset.id);
    }
    await eventually(async () => {
      const rows = await dam.services.db.selectFrom('assets').select('rendition_state').execute();
      return rows.every((row) => row.rendition_state === 'done');
    }, 60_000);
  }, 120_000);
  afterAll(() => dam.close());

  it.each([
    ['jpeg', 'image/jpeg', 'jpeg', 72],
    ['png', 'image/png', 'png', 72],
    ['gif', 'image/gif', 'gif', 72],
    ['tiff', 'image/tiff', 'tiff', 300],
  ])('makes %s at the spec resolution', async (format, mimeType, sharpFormat, dpi) => {
    const { response, bytes } = await fetchBytes(`/assets/${ids[0]}/print/${format}`);
    expect(response.headers.get('content-type')).toBe(mimeType);
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe(sharpFormat);
    expect([meta.width, meta.height]).toEqual([400, 300]);
    if (format !== 'gif') expect(Math.round(meta.density ?? 0)).toBe(dpi);
  });

  it('makes a contact sheet PDF that poppler reads, 20 to a page', async () => {
    const { response, bytes } = await fetchBytes('/contact-sheet', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids }),
    });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const file = join(dam.home, 'sheet.pdf');
    await writeFile(file, bytes);
    const { stdout } = await run('/usr/bin/pdfinfo', [file]);
    expect(stdout).toMatch(/Pages:\s+2/);
    await run(PDFTOPPM, [
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      '-png',
      '-r',
      '36',
      file,
      join(dam.home, 'page'),
    ]);
    const page = await sharp(join(dam.home, 'page.png')).stats();
    // Thumbnails are on the page: it is not blank white.
    expect(page.channels[0]?.min).toBeLessThan(100);
  });
});
