import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import {
  COMPONENT_TEXTS,
  contrastRatio,
  WORKSPACE_COMPONENTS,
  WORKSPACE_TEXTS,
} from '../../api/workspaces.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
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
    expect(made.body.components).toEqual([...WORKSPACE_COMPONENTS]);
    const id = made.body.id;
    const changed = await admin.put(`/admin/workspaces/${id}`, {
      name: 'Kiosk',
      groupIds: [editors],
      ...theme,
      components: ['search', 'listView', 'places', 'search'],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.components).toEqual(['places', 'search', 'listView']);
    // At least one result view stays.
    const noView = await admin.put(`/admin/workspaces/${id}`, {
      name: 'Kiosk',
      ...theme,
      components: ['places'],
    });
    expect(noView.status).toBe(400);
    expect(noView.body.error.fields.components).toBe(COMPONENT_TEXTS.oneView);
    const unknown = await admin.put(`/admin/workspaces/${id}`, {
      name: 'Kiosk',
      ...theme,
      components: ['xmpPanel'],
    });
    expect(unknown.status).toBe(400);
    // Ed's workspace is the first made of his groups: Marketing still, unless it is gone.
    const mine = (await ed.get('/workspace')).body.workspace;
    expect(mine.components).toEqual(
      mine.name === 'Kiosk' ? ['places', 'search', 'listView'] : [...WORKSPACE_COMPONENTS],
    );
    const added = await ed.put(`/admin/workspaces/${id}`, {
      name: 'Kiosk',
      ...theme,
      components: ['menuBar', 'tileView'],
    });
    expect(added.status).toBe(403);
    expect(
      (await admin.get('/admin/workspaces')).body.find((each: { id: number }) => each.id === id).components,
    ).toEqual(['places', 'search', 'listView']);
  });

  it('R-WORKSPACE-COMPONENTS: narrows the components per group — a person sees those one of their groups keeps', async () => {
    const viewers = (await admin.post('/admin/groups', { name: 'Viewers' })).body.id as number;
    const vera = await dam.userClient('vera', { groupNames: ['Viewers'] });
    const both = await dam.userClient('bo', { groupNames: ['Viewers', 'Editors'] });
    const body = {
      name: 'Narrow',
      groupIds: [viewers, editors],
      ...theme,
      components: ['places', 'search', 'tileView', 'listView', 'versionsPanel', 'transferPanel'],
      // Viewers keep tiles and Places; calendarView is not the workspace's, so nobody gets it.
      groupComponents: [{ groupId: viewers, components: ['tileView', 'places', 'calendarView'] }],
    };
    // Made first of their groups' workspaces only for Vera: Ed and Bo are in Editors, whose older workspaces come first.
    const made = await admin.post('/admin/workspaces', body);
    expect(made.status).toBe(201);
    expect(made.body.groupComponents).toEqual([
      { groupId: viewers, components: ['places', 'tileView', 'calendarView'] },
    ]);
    expect((await vera.get('/workspace')).body.workspace).toMatchObject({
      name: 'Narrow',
      components: ['places', 'tileView'],
      workspaceComponents: ['places', 'search', 'tileView', 'listView', 'versionsPanel', 'transferPanel'],
      mayChooseComponents: false,
    });
    const older = (await admin.get('/admin/workspaces')).body.filter(
      (each: { name: string; groupIds: number[] }) =>
        each.name !== 'Narrow' && each.groupIds.includes(editors),
    );
    for (const each of older) await admin.delete(`/admin/workspaces/${each.id}`);
    // Bo is also in Editors, which narrows nothing: he sees all of the workspace's.
    expect((await both.get('/workspace')).body.workspace.components).toEqual(body.components);
    expect((await ed.get('/workspace')).body.workspace.components).toEqual(body.components);
    // A narrowing names a group of the workspace.
    const stray = await admin.put(`/admin/workspaces/${made.body.id}`, { ...body, groupIds: [editors] });
    expect(stray.status).toBe(400);
    expect(stray.body.error.fields['groupComponents.0.groupId']).toBe(COMPONENT_TEXTS.groupNotInWorkspace);
  });

  it('R-WORKSPACE-COMPONENTS-PERMISSION: a person chooses their workspace’s components only with the permission', async () => {
    const without = (await ed.put('/workspace/components', { components: ['tileView', 'search'] })).status;
    expect(without).toBe(403);
    const designer = await aclUser(dam, 'dee', 'Library', ['workspaceComponents']);
    const deeId = (await designer.get('/session')).body.user.id;
    expect((await designer.put('/workspace/components', { components: ['tileView'] })).status).toBe(404);
    await admin.put(`/admin/users/${deeId}`, {
      groupIds: [
        (await admin.get('/admin/groups')).body.find((g: { name: string }) => g.name === 'Viewers').id,
      ],
    });
    const mine = (await designer.get('/workspace')).body.workspace;
    expect(mine).toMatchObject({ name: 'Narrow', mayChooseComponents: true });
    const saved = await designer.put('/workspace/components', {
      components: ['search', 'tileView', 'transferPanel'],
    });
    expect(saved.status).toBe(200);
    // Her group still narrows what she sees; the workspace's own list is what she chose.
    expect(saved.body.workspace).toMatchObject({
      components: ['tileView'],
      workspaceComponents: ['search', 'tileView', 'transferPanel'],
    });
    expect((await ed.get('/workspace')).body.workspace.components).toEqual([
      'search',
      'tileView',
      'transferPanel',
    ]);
    expect((await ed.put('/workspace/components', { components: ['tileView', 'menuBar'] })).status).toBe(403);
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
