import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSION_TEXTS } from '../../api/conversions.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

const webVideo = {
  name: 'Clip 720p 5 s',
  kind: 'video',
  platform: 'web',
  format: 'mp4',
  height: 720,
  durationSeconds: 5,
};

describe.each(DATABASE_KINDS)('conversion presets on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let ann: ApiClient;

  beforeAll(async () => {
    dam = await startTestDam(kind);
    admin = await dam.userClient('head', { admin: true });
    ann = await dam.userClient('ann');
  });
  afterAll(() => dam.close());

  it('starts with the seeded presets, which everyone signed in may list', async () => {
    const listed = await ann.get('/conversion-presets');
    expect(listed.status).toBe(200);
    const web = listed.body.find((preset: { name: string }) => preset.name === 'Web JPEG 2000 px sRGB');
    expect(web).toMatchObject({
      kind: 'image',
      format: 'jpeg',
      width: 2000,
      colorspace: 'srgb',
      destinationProfile: 'srgb',
      revision: 1,
    });
    const kinds = new Set(listed.body.map((preset: { kind: string }) => preset.kind));
    expect([...kinds].sort()).toEqual(['audio', 'image', 'video']);
    expect((await dam.client().get('/conversion-presets')).status).toBe(401);
  });

  it('lets an administrator create, change and delete a preset; a change raises its revision', async () => {
    const created = await admin.post('/admin/conversion-presets', webVideo);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...webVideo, rotate: 0, scale: null, revision: 1, description: '' });
    const { id } = created.body;
    const changed = await admin.put(`/admin/conversion-presets/${id}`, { ...webVideo, durationSeconds: 10 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ durationSeconds: 10, revision: 2 });
    const taken = await admin.post('/admin/conversion-presets', { ...webVideo, name: 'clip 720P 5 S' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.user_message).toBe(CONVERSION_TEXTS.nameTaken);
    expect((await admin.delete(`/admin/conversion-presets/${id}`)).status).toBe(200);
    expect((await admin.delete(`/admin/conversion-presets/${id}`)).status).toBe(404);
    expect((await admin.put(`/admin/conversion-presets/${id}`, webVideo)).status).toBe(404);
  });

  it('refuses settings that do not fit the kind, each on its field', async () => {
    const cmykPng = await admin.post('/admin/conversion-presets', {
      name: 'Bad',
      kind: 'image',
      format: 'png',
      colorspace: 'cmyk',
    });
    expect(cmykPng.status).toBe(400);
    expect(cmykPng.body.error.fields).toMatchObject({ colorspace: CONVERSION_TEXTS.cmykFormat });
    const trimmedImage = await admin.post('/admin/conversion-presets', {
      name: 'Bad',
      kind: 'image',
      format: 'mp4',
      durationSeconds: 3,
    });
    expect(trimmedImage.body.error.fields).toMatchObject({
      format: CONVERSION_TEXTS.formatKind,
      durationSeconds: CONVERSION_TEXTS.timeOnly,
    });
    const turned = await admin.post('/admin/conversion-presets', {
      name: 'Bad',
      kind: 'image',
      format: 'jpeg',
      rotate: 45,
    });
    expect(turned.status).toBe(400);
  });

  it('keeps the administration of presets to administrators', async () => {
    expect((await ann.post('/admin/conversion-presets', webVideo)).status).toBe(403);
    expect((await ann.put('/admin/conversion-presets/1', webVideo)).status).toBe(403);
    expect((await ann.delete('/admin/conversion-presets/1')).status).toBe(403);
    expect((await dam.client().post('/admin/conversion-presets', webVideo)).status).toBe(401);
  });
});
