import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { contrastRatio, WORKSPACE_TEXTS } from '../../api/workspaces.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

/** A 1×1 PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe.each(DATABASE_KINDS)('R-WORKSPACES: workspaces with their theme, per group, on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let ed: ApiClient;
  let other: ApiClient;
  let editors: number;

  beforeAll(async () => {
    dam = await startTestDam(kind);
    admin = await dam.userClient('boss', { admin: true });
    editors = (await admin.post('/admin/groups', { name: 'Editors' })).body.id;
    ed = await dam.userClient('ed', { groupNames: ['Editors'] });
    other = await dam.userClient('olga');
  });
  afterAll(() => dam.close());

  const theme = { headerColor: '#1a365d', headerTextColor: '#FFFFFF' };

  it('gives the people of its groups their start folder and header theme, with the logo; others the default', async () => {
    expect((await ed.get('/workspace')).body).toEqual({ workspace: null });
    const made = await admin.post('/admin/workspaces', {
      name: 'Marketing',
      groupIds: [editors],
      startPath: '/Library/Marketing/',
      ...theme,
      logo: PNG,
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      name: 'Marketing',
      groupIds: [editors],
      startPath: 'Library/Marketing',
      headerColor: '#1a365d',
      headerTextColor: '#ffffff',
    });
    const mine = (await ed.get('/workspace')).body.workspace;
    expect(mine).toMatchObject({ id: made.body.id, startPath: 'Library/Marketing', headerColor: '#1a365d' });
    expect((await other.get('/workspace')).body).toEqual({ workspace: null });
    const logo = await fetch(`${dam.url}/api/v1/workspaces/${mine.id}/logo?v=${mine.logoVersion}`, {
      headers: { cookie: ed.cookie ?? '' },
    });
    expect(logo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await logo.arrayBuffer()).toString('base64')).toBe(PNG);
    // A later workspace for the same group does not take over; the logo stays when a save leaves it out.
    await admin.post('/admin/workspaces', { name: 'Later', groupIds: [editors], ...theme });
    const renamed = await admin.put(`/admin/workspaces/${made.body.id}`, {
      name: 'Brand',
      groupIds: [editors],
      ...theme,
    });
    expect(renamed.body.logoVersion).not.toBeNull();
    expect((await ed.get('/workspace')).body.workspace.name).toBe('Brand');
  });

  it('refuses a header whose text does not reach 4.5:1 contrast, a logo that is not a PNG, a blank or taken name', async () => {
    const low = await admin.post('/admin/workspaces', {
      name: 'Pale',
      headerColor: '#777777',
      headerTextColor: '#ffffff',
    });
    expect(low.status).toBe(400);
    expect(low.body.error.fields.headerTextColor).toBe(
      WORKSPACE_TEXTS.lowContrast(contrastRatio('#777777', '#ffffff').toFixed(2)),
    );
    const gif = await admin.post('/admin/workspaces', {
      name: 'Gif',
      ...theme,
      logo: 'R0lGODlhAQABAAAAACw=',
    });
    expect(gif.body.error.fields.logo).toBe(WORKSPACE_TEXTS.logo);
    expect((await admin.post('/admin/workspaces', { name: '  ', ...theme })).body.error.fields.name).toBe(
      MESSAGES.requiredEmpty,
    );
    expect((await admin.post('/admin/workspaces', { name: 'brand', ...theme })).status).toBe(409);
    expect(
      (await admin.post('/admin/workspaces', { name: 'Ghost', ...theme, groupIds: [424242] })).status,
    ).toBe(404);
    expect((await ed.post('/admin/workspaces', { name: 'Mine', ...theme })).status).toBe(403);
  });

  it('R-WORKSPACE-COMPONENTS: shows every part unless told, the chosen ones to its people, and only an administrator chooses', async () => {
    const made = await admin.post('/admin/workspaces', { name: 'Kiosk', groupIds: [editors], ...theme });
    expect(made.body.components).toEqual(['menuBar', 'places', 'search']);
    const id = made.body.id;
    const changed = await admin.put(`/admin/workspaces/${id}`, {
      name: 'Kiosk',
      groupIds: [editors],
      ...theme,
      components: ['search', 'places', 'search'],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.components).toEqual(['places', 'search']);
    const unknown = await admin.put(`/admin/workspaces/${id}`, {
      name: 'Kiosk',
      ...theme,
      components: ['xmpPanel'],
    });
    expect(unknown.status).toBe(400);
    // Ed's workspace is the first made of his groups: Marketing still, unless it is gone.
    const mine = (await ed.get('/workspace')).body.workspace;
    expect(mine.components).toEqual(
      mine.name === 'Kiosk' ? ['places', 'search'] : ['menuBar', 'places', 'search'],
    );
    const added = await ed.put(`/admin/workspaces/${id}`, {
      name: 'Kiosk',
      ...theme,
      components: ['menuBar'],
    });
    expect(added.status).toBe(403);
    expect(
      (await admin.get('/admin/workspaces')).body.find((each: { id: number }) => each.id === id).components,
    ).toEqual(['places', 'search']);
  });

  it('deletes a workspace, and its people go back to the default', async () => {
    const list = (await admin.get('/admin/workspaces')).body as { id: number; name: string }[];
    for (const each of list) expect((await admin.delete(`/admin/workspaces/${each.id}`)).status).toBe(200);
    expect((await ed.get('/workspace')).body).toEqual({ workspace: null });
    expect((await admin.delete(`/admin/workspaces/${list[0]?.id}`)).status).toBe(404);
  });
});

describe('R-WORKSPACES: the contrast ratio', () => {
  it('is WCAG 2’s: 21 for black on white, 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#3366cc', '#3366cc')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThan(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });
});
