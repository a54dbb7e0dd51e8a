// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SessionView } from '../../../../api/accounts.ts';
import type { Home } from '../../../../api/home.ts';
import { translator } from '../../i18n/translate.ts';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { HomeScreen } from '../shell/home-screen.tsx';

const fr = translator('fr');
const session = {
  acl: { id: 1, name: 'Library' },
  acls: [],
  aclRootMissing: false,
} as unknown as SessionView;
const tree = { root: { id: 1, name: 'Library', path: 'Library', parentId: null }, folders: [] };
const asset = (id: number, name: string) => ({
  asset: {
    id,
    name,
    fileName: `${name}.jpg`,
    description: '',
    dateCreated: '2026-11-20T10:00:00.000Z',
    dateAdded: '2026-11-20T10:00:00.000Z',
    fileType: 'JPEG',
    mimeType: 'image/jpeg',
    kind: 'image',
    size: 1000,
    colorProfile: null,
    dimensions: null,
    aspectRatio: null,
    renditions: [],
    versions: 1,
    keywords: [],
    folderId: 1,
    path: `Library/${name}.jpg`,
    status: 'active',
    renditionState: 'done',
    checkedOutBy: null,
    checkedOutAt: null,
    metadata: {},
  },
  at: '2026-11-20T10:00:00.000Z',
  uploadedBy: 'carla',
});
const HOME = {
  since: '2026-11-19T10:00:00.000Z',
  recentUploads: { mine: [asset(5, 'Spring hero')], library: [asset(5, 'Spring hero'), asset(6, 'Logo')] },
  changed: [asset(6, 'Logo')],
  waiting: [
    {
      id: 3,
      kind: 'request.decide',
      title: '#12 Rita Reed',
      status: 'Scheduled',
      dueAt: null,
      target: { kind: 'approval', id: '12' },
      createdAt: '2026-11-20T10:00:00.000Z',
      completedAt: null,
    },
  ],
  shared: [{ id: 4, name: 'Picks', owner: 'rita', assetCount: 1, at: '2026-11-20T10:00:00.000Z' }],
} as unknown as Home;
const EMPTY: Home = {
  since: HOME.since,
  recentUploads: { mine: [], library: [] },
  changed: [],
  waiting: [],
  shared: [],
};

const card = (id: string) => within(document.querySelector(`[data-home="${id}"]`) as HTMLElement);

describe('R-HOME: the default workspace opens on Home', () => {
  it('lists what waits on the person, what changed, the uploads and what was shared, each a link to act on', async () => {
    window.location.hash = '#/';
    fakeApi({ 'GET /folders/tree': tree, 'GET /workspace': { workspace: null }, 'GET /home': HOME });
    renderScreen(<HomeScreen session={session} />);
    expect(await screen.findByRole('heading', { level: 1, name: en('home.title') })).toBeTruthy();
    const approve = card('waiting').getByRole('link', {
      name: en('tasks.kind.request.decide', { title: '#12 Rita Reed' }),
    });
    expect(approve.getAttribute('href')).toBe('#/approvals');
    expect(card('changed').getByRole('link', { name: 'Logo' }).getAttribute('href')).toBe('#/asset/6');
    expect(card('my-uploads').getByRole('link', { name: 'Spring hero' })).toBeTruthy();
    expect(card('library-uploads').getAllByRole('listitem')).toHaveLength(2);
    expect(card('library-uploads').getAllByText(/by carla/)).toHaveLength(2);
    expect(card('shared').getByRole('link', { name: 'Picks' }).getAttribute('href')).toBe('#/collections/4');
    expect(card('shared').getByText(en('home.sharedBy', { owner: 'rita', count: 1 }))).toBeTruthy();
    expect(screen.getByRole('link', { name: en('home.openLibrary') }).getAttribute('href')).toBe(
      '#/folder/1',
    );
    // Home stays: it does not redirect to the library root as before.
    expect(window.location.hash).toBe('#/');
  });

  it('says what would show in each empty list, in French too', async () => {
    window.location.hash = '#/';
    fakeApi({ 'GET /folders/tree': tree, 'GET /workspace': { workspace: null }, 'GET /home': EMPTY });
    renderScreen(<HomeScreen session={session} />, { language: 'fr' });
    expect(await screen.findByRole('heading', { level: 1, name: fr('home.title') })).toBeTruthy();
    for (const [id, key] of [
      ['waiting', 'home.waitingNone'],
      ['changed', 'home.changedNone'],
      ['my-uploads', 'home.myUploadsNone'],
      ['library-uploads', 'home.libraryUploadsNone'],
      ['shared', 'home.sharedNone'],
    ] as const)
      expect(card(id).getByText(fr(key))).toBeTruthy();
  });

  it('opens a workspace with a start folder on that folder, not on Home', async () => {
    window.location.hash = '#/';
    const { calls } = fakeApi({
      'GET /folders/tree': { ...tree, folders: [{ id: 7, name: 'M', path: 'Library/M', parentId: 1 }] },
      'GET /workspace': {
        workspace: {
          id: 2,
          name: 'M',
          startPath: 'Library/M',
          headerColor: '#1a365d',
          headerTextColor: '#ffffff',
          logoVersion: null,
          components: ['tileView'],
          workspaceComponents: ['tileView'],
          mayChooseComponents: false,
        },
      },
      'GET /home': HOME,
    });
    renderScreen(<HomeScreen session={session} />);
    await waitFor(() => expect(window.location.hash).toBe('#/folder/7'));
    expect(calls.some((call) => call.path === '/home')).toBe(false);
  });
});
