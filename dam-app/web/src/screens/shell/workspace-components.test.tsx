// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyWorkspace } from '../../../../api/workspaces.ts';
import { App } from '../../app/app.tsx';
import { NoClient } from '../../test-support/draw-route.tsx';
import { fakeApi, NEVER } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { sampleSession } from '../../test-support/sample-session.ts';

const LONG = { timeout: 10_000 };
const workspace = (components: string[]) =>
  ({
    workspace: {
      id: 3,
      name: 'Kiosk',
      startPath: '',
      headerColor: '#1a365d',
      headerTextColor: '#ffffff',
      logoVersion: null,
      components,
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
  });

  it('shows both when the workspace chose them, as without a workspace', async () => {
    signedIn(workspace(['menuBar', 'search']));
    renderScreen(<App />);
    expect(await screen.findByRole('navigation', { name: en('workingSets.nav') }, LONG)).toBeTruthy();
    expect(screen.getByLabelText(en('shell.quickSearch'))).toBeTruthy();
  });
});
