// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyWorkspace } from '../../../../api/workspaces.ts';
import { App } from '../../app/app.tsx';
import { NoClient } from '../../test-support/draw-route.tsx';
import { fakeApi, NEVER } from '../../test-support/fake-api.ts';
import { en, enSpec, renderScreen } from '../../test-support/render-screen.tsx';
import { sampleSession } from '../../test-support/sample-session.ts';
import { ViewSwitch } from '../browse/view-switch.tsx';
import { WorkspaceComponentsScreen } from './workspace-components-screen.tsx';

const LONG = { timeout: 10_000 };
const workspace = (components: string[], mayChooseComponents = false) =>
  ({
    workspace: {
      id: 3,
      name: 'Kiosk',
      startPath: '',
      headerColor: '#1a365d',
      headerTextColor: '#ffffff',
      logoVersion: null,
      components,
      workspaceComponents: components,
      mayChooseComponents,
    },
  }) as MyWorkspace;

const signedIn = (mine: MyWorkspace) =>
  fakeApi(
    {
      'GET /session/state': { session: sampleSession({ isAdmin: true }), timedOut: false },
      'GET /workspace': mine,
    },
    { others: NEVER },
  );

describe('R-WORKSPACE-COMPONENTS: the shell shows the parts the workspace chose', () => {
  beforeEach(() => {
    window.location.hash = '#/admin/groups';
    vi.stubGlobal('WebSocket', NoClient);
    vi.stubGlobal('XMLHttpRequest', NoClient);
  });

  it('leaves out Quick Search and the menu bar when the workspace shows neither', async () => {
    signedIn(workspace(['places']));
    renderScreen(<App />);
    await screen.findByRole('heading', { name: `${en('admin.title')} — ${en('admin.groups')}` }, LONG);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('navigation', { name: en('workingSets.nav') })).toBeNull();
    expect(screen.queryByLabelText(en('shell.quickSearch'))).toBeNull();
    // Nor (without the permission) the choice of the workspace's parts.
    fireEvent.click(document.querySelector('button[data-user-menu]') as HTMLElement);
    await screen.findAllByRole('menuitem', {}, LONG);
    expect(screen.queryByRole('menuitem', { name: en('workspace.myComponents') })).toBeNull();
  });

  it('shows both when the workspace chose them, as without a workspace', async () => {
    signedIn(workspace(['menuBar', 'search', 'tileView', 'transferPanel'], true));
    renderScreen(<App />);
    expect(await screen.findByRole('navigation', { name: en('workingSets.nav') }, LONG)).toBeTruthy();
    expect(screen.getByLabelText(en('shell.quickSearch'))).toBeTruthy();
    fireEvent.click(document.querySelector('button[data-user-menu]') as HTMLElement);
    expect(await screen.findByRole('menuitem', { name: en('workspace.myComponents') }, LONG)).toBeTruthy();
  });
});

describe('R-WORKSPACE-COMPONENTS-PERMISSION: choosing the workspace’s parts', () => {
  it('shows a person who may the workspace’s own parts (not their group’s narrowing) and saves them', async () => {
    const mine = workspace(['places'], true);
    mine.workspace = mine.workspace && { ...mine.workspace, workspaceComponents: ['places', 'tileView'] };
    const { calls } = fakeApi({ 'GET /workspace': mine, 'PUT /workspace/components': mine });
    renderScreen(<WorkspaceComponentsScreen />);
    const box = async (part: string) =>
      (
        (await screen.findByRole('checkbox', {
          name: en(`workspace.component.${part}` as never),
        })) as HTMLInputElement
      ).checked;
    expect([await box('places'), await box('tileView'), await box('listView')]).toEqual([true, true, false]);
    fireEvent.click(screen.getByRole('button', { name: en('app.save') }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        components: ['places', 'tileView'],
      }),
    );
  });

  it('tells a person without the permission they may not, with no box to tick', async () => {
    fakeApi({ 'GET /workspace': workspace(['places', 'tileView'], false) });
    renderScreen(<WorkspaceComponentsScreen />);
    expect(await screen.findByText(enSpec('noPermission'))).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('R-WORKSPACE-COMPONENTS: result views', () => {
  it('offers only the views the workspace shows, and no switch for one view', () => {
    const onView = vi.fn();
    const { unmount } = renderScreen(<ViewSwitch view="list" views={['tile', 'list']} onView={onView} />);
    expect(screen.getAllByRole('button').map((each) => each.textContent)).toEqual([
      en('browse.view.tile'),
      en('browse.view.list'),
    ]);
    unmount();
    renderScreen(<ViewSwitch view="list" views={['list']} onView={onView} />);
    expect(screen.queryByRole('group', { name: en('browse.view') })).toBeNull();
  });
});
