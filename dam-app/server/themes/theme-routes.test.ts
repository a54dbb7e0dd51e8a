import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { BUILT_IN_THEMES, pngSize, type SaveTheme } from '../../api/themes.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { encodePng } from './png-writer.ts';

const png = (width: number, height: number) =>
  encodePng(width, height, new Uint8Array(width * height * 3).fill(200)).toString('base64');

const harbour = BUILT_IN_THEMES.harbour as NonNullable<(typeof BUILT_IN_THEMES)['harbour']>;
const ocean = (name: string, extra: Partial<SaveTheme> = {}): SaveTheme => ({
  name,
  headingFont: 'serif',
  bodyFont: 'system',
  density: 'compact',
  light: { ...harbour.light },
  dark: { ...harbour.dark },
  ...extra,
});

describe.each(DATABASE_KINDS)('R-THEMES: the Theme manager and organizer, on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let ed: ApiClient;
  let editors: number;

  beforeAll(async () => {
    dam = await startTestDam(kind);
    admin = await dam.userClient('boss', { admin: true });
    editors = (await admin.post('/admin/groups', { name: 'Editors' })).body.id;
    ed = await dam.userClient('ed', { groupNames: ['Editors'] });
  });
  afterAll(() => dam.close());

  const bytesOf = async (path: string) => {
    const response = await fetch(`${dam.url}/api/v1${path}`, { headers: { cookie: admin.cookie ?? '' } });
    return { type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
  };

  it('ships the DAM look (the default) and Harbour, each light and dark, read-only', async () => {
    const list = (await admin.get('/admin/themes')).body;
    expect(list.map((each: { builtIn: string }) => each.builtIn)).toEqual(['dam', 'harbour']);
    expect(list[0]).toMatchObject({ name: 'DAM', isDefault: true, light: BUILT_IN_THEMES.dam?.light });
    expect(list[1]).toMatchObject({
      name: 'Harbour',
      isDefault: false,
      dark: harbour.dark,
      density: 'compact',
    });
    const changed = await admin.put(`/admin/themes/${list[1].id}`, ocean('Harbour'));
    expect(changed.status).toBe(409);
    expect(changed.body.error.user_message).toBe(MESSAGES.themeBuiltIn);
    expect((await admin.delete(`/admin/themes/${list[0].id}`)).status).toBe(409);
    // The DAM's own look as the default: the shell keeps its own theme.
    expect((await ed.get('/theme')).body).toEqual({ theme: null });
  });

  it('creates, changes and deletes a theme; a taken name is 409 and only administrators manage', async () => {
    const made = await admin.post('/admin/themes', ocean('Ocean'));
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: 'Ocean',
      builtIn: null,
      density: 'compact',
      headingFont: 'serif',
    });
    const darker = { ...harbour.light, brand: '#1E3A8A' };
    const changed = await admin.put(`/admin/themes/${made.body.id}`, ocean('Ocean deep', { light: darker }));
    expect(changed.body).toMatchObject({ name: 'Ocean deep', light: { brand: '#1e3a8a' } });
    expect(changed.body.version).not.toBe(made.body.version);
    expect((await admin.post('/admin/themes', ocean('OCEAN DEEP'))).status).toBe(409);
    expect((await ed.post('/admin/themes', ocean('Mine'))).status).toBe(403);
    expect((await admin.delete(`/admin/themes/${made.body.id}`)).status).toBe(200);
    expect((await admin.delete(`/admin/themes/${made.body.id}`)).status).toBe(404);
  });

  it('refuses a save where a text misses 4.5:1 on its background, in either mode, naming the pair', async () => {
    const pale = await admin.post(
      '/admin/themes',
      ocean('Pale', { light: { ...harbour.light, brand: '#7f9cf5' } }),
    );
    expect(pale.status).toBe(400);
    expect(pale.body.error.user_message).toBe(MESSAGES.themeContrast);
    expect(Object.keys(pale.body.error.fields)).toEqual(['light.brandText']);
    const dim = await admin.post(
      '/admin/themes',
      ocean('Dim', { dark: { ...harbour.dark, mutedText: '#475569' } }),
    );
    expect(Object.keys(dim.body.error.fields)).toEqual(['dark.mutedText']);
    expect((await admin.get('/admin/themes')).body.map((each: { name: string }) => each.name)).not.toContain(
      'Pale',
    );
  });

  it('takes an uploaded 150x135 PNG thumbnail, refuses any other size, and renders one headless when none is uploaded', async () => {
    const upload = png(150, 135);
    const made = await admin.post('/admin/themes', ocean('Uploaded', { thumbnail: upload }));
    expect(made.body.thumbnailSource).toBe('uploaded');
    const served = await bytesOf(`/themes/${made.body.id}/thumbnail?v=${made.body.version}`);
    expect(served.type).toBe('image/png');
    expect(served.bytes.toString('base64')).toBe(upload);
    for (const [width, height] of [
      [151, 135],
      [150, 134],
    ] as const) {
      const wrong = await admin.post('/admin/themes', ocean('Wrong', { thumbnail: png(width, height) }));
      expect(wrong.status).toBe(400);
      expect(wrong.body.error.fields.thumbnail).toBe(MESSAGES.themeThumbnail);
    }
    const gif = await admin.post('/admin/themes', ocean('Gif', { thumbnail: 'R0lGODlhAQABAAAAACw=' }));
    expect(gif.body.error.fields.thumbnail).toBe(MESSAGES.themeThumbnail);

    // No upload: the server renders the preview with Chromium, keeps it, and makes it again after a change.
    const plain = await admin.post('/admin/themes', ocean('Rendered'));
    expect(plain.body.thumbnailSource).toBeNull();
    const rendered = await bytesOf(`/themes/${plain.body.id}/thumbnail`);
    expect(rendered.type).toBe('image/png');
    expect(pngSize(rendered.bytes)).toEqual({ width: 150, height: 135 });
    const listed = (await admin.get('/admin/themes')).body.find(
      (each: { id: number }) => each.id === plain.body.id,
    );
    expect(listed.thumbnailSource).toBe('rendered');
    expect((await bytesOf(`/themes/${plain.body.id}/thumbnail`)).bytes.equals(rendered.bytes)).toBe(true);
    const changed = await admin.put(
      `/admin/themes/${plain.body.id}`,
      ocean('Rendered', { headingFont: 'mono' }),
    );
    expect(changed.body.thumbnailSource).toBeNull();
    // An uploaded one stays through a change that leaves it out.
    const kept = await admin.put(
      `/admin/themes/${made.body.id}`,
      ocean('Uploaded', { density: 'comfortable' }),
    );
    expect(kept.body.thumbnailSource).toBe('uploaded');
  });

  it('assigns a theme to a workspace and the default; a person gets their workspace’s, else the default', async () => {
    const themes = (await admin.get('/admin/themes')).body as {
      id: number;
      name: string;
      builtIn: string | null;
    }[];
    const harbourId = themes.find((each) => each.builtIn === 'harbour')?.id as number;
    const damId = themes.find((each) => each.builtIn === 'dam')?.id as number;
    const ocean1 = (await admin.post('/admin/themes', ocean('Ocean one'))).body.id as number;
    const workspace = (
      await admin.post('/admin/workspaces', {
        name: 'Marketing',
        groupIds: [editors],
        headerColor: '#1a365d',
        headerTextColor: '#ffffff',
      })
    ).body.id as number;
    expect((await admin.get('/admin/theme-organizer')).body).toEqual({
      defaultThemeId: damId,
      workspaces: [{ id: workspace, name: 'Marketing', themeId: null }],
    });
    const saved = await admin.put('/admin/theme-organizer', {
      defaultThemeId: harbourId,
      workspaces: [{ id: workspace, themeId: ocean1 }],
    });
    expect(saved.status).toBe(200);
    expect((await ed.get('/theme')).body.theme).toMatchObject({ id: ocean1, name: 'Ocean one' });
    const olga = await dam.userClient('olga');
    expect((await olga.get('/theme')).body.theme).toMatchObject({ id: harbourId, builtIn: 'harbour' });
    // The default cannot be deleted; a workspace's theme can, and its people go back to the default.
    expect((await admin.delete(`/admin/themes/${harbourId}`)).body.error.code).toBe('theme_built_in');
    expect((await admin.delete(`/admin/themes/${ocean1}`)).status).toBe(200);
    expect((await ed.get('/theme')).body.theme).toMatchObject({ id: harbourId });
    expect(
      (await admin.put('/admin/theme-organizer', { defaultThemeId: 999_999, workspaces: [] })).status,
    ).toBe(404);
    expect(
      (
        await admin.put('/admin/theme-organizer', {
          defaultThemeId: damId,
          workspaces: [{ id: workspace, themeId: 999_999 }],
        })
      ).status,
    ).toBe(404);
    expect((await ed.put('/admin/theme-organizer', { defaultThemeId: damId, workspaces: [] })).status).toBe(
      403,
    );
    expect((await admin.get('/admin/theme-organizer')).body.defaultThemeId).toBe(harbourId);
    // A custom default cannot be deleted either, until another theme is the default.
    const custom = (await admin.post('/admin/themes', ocean('Ocean two'))).body.id as number;
    await admin.put('/admin/theme-organizer', { defaultThemeId: custom, workspaces: [] });
    const refused = await admin.delete(`/admin/themes/${custom}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'theme_default',
      user_message: MESSAGES.themeIsDefault,
    });
    await admin.put('/admin/theme-organizer', { defaultThemeId: damId, workspaces: [] });
    expect((await admin.delete(`/admin/themes/${custom}`)).status).toBe(200);
    expect((await olga.get('/theme')).body).toEqual({ theme: null });
  });
});
