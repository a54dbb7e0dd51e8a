// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionView } from '../../../../api/accounts.ts';
import {
  contrastRatio,
  WORKSPACE_COMPONENTS,
  WORKSPACE_TEXTS,
  type Workspace,
} from '../../../../api/workspaces.ts';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { HomeScreen } from '../shell/home-screen.tsx';
import { AdminScreen } from './admin-screen.tsx';

const MARKETING: Workspace = {
  id: 3,
  name: 'Marketing',
  groupIds: [9],
  startPath: 'Library/Marketing',
  headerColor: '#1a365d',
  headerTextColor: '#ffffff',
  logoVersion: null,
  components: [...WORKSPACE_COMPONENTS],
  groupComponents: [],
  uploadFormId: null,
};
const routes = {
  'GET /admin/workspaces': [MARKETING],
  'GET /admin/groups': [{ id: 9, name: 'Editors', description: '', memberIds: [] }],
};

describe('R-WORKSPACES: the Workspaces section', () => {
  it('lists each workspace with the groups who see it and its start folder', async () => {
    fakeApi(routes);
    renderScreen(<AdminScreen section="workspaces" />);
    const row = (await screen.findByText('Library/Marketing')).closest('tr') as HTMLElement;
    await waitFor(() => expect(within(row).getByText('Editors')).toBeTruthy());
  });

  it('shows the contrast as the colours change and refuses a header text too faint to read', async () => {
    const { calls } = fakeApi({ ...routes, 'POST /admin/workspaces': { status: 201, body: MARKETING } });
    renderScreen(<AdminScreen section="workspaces" />);
    fireEvent.click(await screen.findByRole('button', { name: en('workspace.new') }));
    const drawer = within(await screen.findByRole('dialog'));
    fireEvent.change(drawer.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Pale' } });
    const textColour = drawer.getByRole('textbox', {
      name: new RegExp(`^${en('workspace.headerTextColor')}`),
    });
    fireEvent.change(textColour, { target: { value: '#5f8f93' } });
    const ratio = contrastRatio('#234e52', '#5f8f93').toFixed(2);
    expect(drawer.getByText(en('workspace.contrast', { ratio, min: 4.5 }))).toBeTruthy();
    fireEvent.click(drawer.getByRole('button', { name: en('app.create') }));
    expect(await drawer.findByText(WORKSPACE_TEXTS.lowContrast(ratio))).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(textColour, { target: { value: '#ffffff' } });
    fireEvent.click(drawer.getByRole('button', { name: en('app.create') }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        name: 'Pale',
        headerColor: '#234e52',
        headerTextColor: '#ffffff',
        components: [...WORKSPACE_COMPONENTS],
      }),
    );
  });

  it('R-WORKSPACE-COMPONENTS: shows and saves the parts of the shell the workspace shows', async () => {
    const kiosk = {
      ...MARKETING,
      components: ['places' as const, 'tileView' as const, 'listView' as const],
      groupComponents: [{ groupId: 9, components: ['places' as const, 'listView' as const] }],
    };
    const { calls } = fakeApi({
      ...routes,
      'GET /admin/workspaces': [kiosk],
      'PUT /admin/workspaces/3': kiosk,
    });
    renderScreen(<AdminScreen section="workspaces" />);
    fireEvent.click(await screen.findByRole('button', { name: en('workspace.edit', { name: 'Marketing' }) }));
    const drawer = within(await screen.findByRole('dialog'));
    const box = (part: 'menuBar' | 'places' | 'search') =>
      (drawer.getAllByRole('checkbox', { name: en(`workspace.component.${part}`) })[0] as HTMLInputElement)
        .checked;
    expect([box('menuBar'), box('places'), box('search')]).toEqual([false, true, false]);
    // The Editors group sees fewer parts: Places and the list, chosen among the workspace's.
    const narrowed = drawer.getByRole('checkbox', { name: en('workspace.narrowFor', { group: 'Editors' }) });
    expect((narrowed as HTMLInputElement).checked).toBe(true);
    const editors = within(document.querySelector('[data-group-components="9"]') as HTMLElement);
    const choice = (part: 'places' | 'tileView' | 'listView' | 'menuBar') =>
      editors.queryByRole('checkbox', { name: en(`workspace.component.${part}`) }) as HTMLInputElement | null;
    expect([
      choice('places')?.checked,
      choice('tileView')?.checked,
      choice('listView')?.checked,
      choice('menuBar'),
    ]).toEqual([true, false, true, null]);
    fireEvent.click(drawer.getByRole('button', { name: en('app.save') }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
        components: ['places', 'tileView', 'listView'],
        groupComponents: [{ groupId: 9, components: ['places', 'listView'] }],
      }),
    );
  });
});

describe('R-WORKSPACE-UPLOAD-FORM: the workspace’s upload form', () => {
  it('offers the forms and saves the chosen one as uploadFormId', async () => {
    const { calls } = fakeApi({
      ...routes,
      'GET /admin/forms': [
        { id: 4, name: 'Press credits', description: '', tabs: [], rules: [], assignments: [] },
        { id: 6, name: 'Rights', description: '', tabs: [], rules: [], assignments: [] },
      ],
      'PUT /admin/workspaces/3': MARKETING,
    });
    renderScreen(<AdminScreen section="workspaces" />);
    fireEvent.click(await screen.findByRole('button', { name: en('workspace.edit', { name: 'Marketing' }) }));
    const drawer = within(await screen.findByRole('dialog'));
    const select = drawer.getByRole('combobox', { name: en('workspace.uploadForm') }) as HTMLSelectElement;
    expect(select.value).toBe('');
    await waitFor(() =>
      expect([...select.options].map((option) => option.text)).toEqual([
        en('workspace.uploadFormNone'),
        'Press credits',
        'Rights',
      ]),
    );
    fireEvent.change(select, { target: { value: '6' } });
    fireEvent.click(drawer.getByRole('button', { name: en('app.save') }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ uploadFormId: 6 }),
    );
  });
});

describe('R-WORKSPACES: the home screen', () => {
  const session = {
    acl: { id: 1, name: 'Library' },
    acls: [],
    aclRootMissing: false,
  } as unknown as SessionView;
  const tree = {
    root: { id: 1, name: 'Library', path: 'Library', parentId: null },
    folders: [{ id: 7, name: 'Marketing', path: 'Library/Marketing', parentId: 1 }],
  };

  it('opens on the workspace’s start folder', async () => {
    window.location.hash = '#/';
    const mine = { ...MARKETING, workspaceComponents: MARKETING.components, mayChooseComponents: false };
    fakeApi({ 'GET /folders/tree': tree, 'GET /workspace': { workspace: mine } });
    renderScreen(<HomeScreen session={session} />);
    await waitFor(() => expect(window.location.hash).toContain('/7'));
  });
});
