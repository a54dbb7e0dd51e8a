import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aclUser } from '../test-support/acl-fixture.ts';
import { ApiClient } from '../test-support/api-client.ts';
import { eventually, sampleJpeg } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

// Thumbnails and previews at immutable addresses: a browser keeps them a year and never asks again, behind the same
// access check (404, never 403, for an asset one may not see, and no 304 that would tell it exists).
describe.each(DATABASE_KINDS)('rendition caching on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient;
  let mo: ApiClient;
  let thumbnail: string;
  let assetId: number;

  beforeAll(async () => {
    dam = await startTestDam(kind);
    carla = await aclUser(dam, 'carla', 'Library');
    mo = await aclUser(dam, 'mo', 'Library/Marketing');
    await sampleJpeg(join(dam.services.config.storageRoot, 'Library/Shoot/cached.jpg'), {
      width: 800,
      height: 600,
    });
    assetId = (await carla.post('/assets/ingest', { path: 'Library/Shoot/cached.jpg' })).body.asset.id;
    const asset = await eventually(async () => {
      const view = (await carla.get(`/assets/${assetId}`)).body;
      return view.renditionState === 'done' && view;
    }, 60_000);
    thumbnail = asset.renditions.find((each: { name: string }) => each.name === 'thumbnail').url;
  });
  afterAll(() => dam.close());

  it('names each rendition by a version tag in its path', async () => {
    expect(thumbnail).toMatch(new RegExp(`^/assets/${assetId}/renditions/thumbnail/[A-Za-z0-9_-]{22}$`));
    const listed = (
      await carla.get(`/folders/${(await carla.get(`/assets/${assetId}`)).body.folderId}/assets`)
    ).body.items[0];
    expect(listed.renditions.find((each: { name: string }) => each.name === 'thumbnail').url).toBe(thumbnail);
  });

  it('answers the tagged address for a year, private, immutable, with its tag as a strong ETag', async () => {
    const answer = await carla.get(thumbnail);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect(answer.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(answer.headers.get('etag')).toBe(`"${thumbnail.split('/').pop()}"`);
  });

  it('answers a byte range (206), so a video player can seek in a web preview without loading all of it', async () => {
    const whole = await carla.get(thumbnail);
    const size = Number(whole.headers.get('content-length'));
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const part = await carla.request('GET', thumbnail, undefined, { range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect(part.headers.get('content-length')).toBe('100');
    const tail = await carla.request('GET', thumbnail, undefined, { range: 'bytes=-10' });
    expect([tail.status, tail.headers.get('content-range')]).toEqual([
      206,
      `bytes ${size - 10}-${size - 1}/${size}`,
    ]);
    // A range past the end is ignored (RFC 9110 lets a server send the whole), never an error.
    const past = await carla.request('GET', thumbnail, undefined, { range: `bytes=${size + 5}-` });
    expect([past.status, past.headers.get('content-length')]).toEqual([200, String(size)]);
    expect((await mo.request('GET', thumbnail, undefined, { range: 'bytes=0-9' })).status).toBe(404);
  });

  it('answers 304 without a body when the browser already holds those bytes', async () => {
    const etag = (await carla.get(thumbnail)).headers.get('etag') as string;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await carla.request('GET', thumbnail, undefined, { 'if-none-match': header });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
    }
    expect((await carla.request('GET', thumbnail, undefined, { 'if-none-match': '"other"' })).status).toBe(
      200,
    );
  });

  it('answers 404 for a tag that is not the current one (the old bytes are gone)', async () => {
    const stale = thumbnail.replace(/[^/]+$/, 'AAAAAAAAAAAAAAAAAAAAAA');
    expect((await carla.get(stale)).status).toBe(404);
  });

  it('keeps 404-not-403 for one who may not see the asset, even holding its ETag, and 401 signed out', async () => {
    const etag = (await carla.get(thumbnail)).headers.get('etag') as string;
    const hidden = await mo.request('GET', thumbnail, undefined, { 'if-none-match': etag });
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get('cache-control')).not.toMatch(/immutable/);
    expect((await mo.get(thumbnail)).status).toBe(404);
    expect((await new ApiClient(dam.url).get(thumbnail)).status).toBe(401);
  });

  it('gives the untagged address an ETag too, kept five minutes (it changes when the rendition is made again)', async () => {
    const untagged = `/assets/${assetId}/renditions/thumbnail`;
    const answer = await carla.get(untagged);
    expect(answer.headers.get('cache-control')).toBe('private, max-age=300');
    const etag = answer.headers.get('etag') as string;
    expect(etag).toBe(`"${thumbnail.split('/').pop()}"`);
    expect((await carla.request('GET', untagged, undefined, { 'if-none-match': etag })).status).toBe(304);
  });
});
