// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ArchiveState } from '../../../api/archive.ts';
import type { AssetView } from '../../../api/assets.ts';
import { MESSAGES } from '../../../api/messages.ts';
import { drawRoute, holder, SLOW } from '../test-support/draw-route.tsx';
import { failure, fakeApi } from '../test-support/fake-api.ts';
import { en, enSpec, renderScreen } from '../test-support/render-screen.tsx';
import { ArchiveDialog, RestoreArchiveDialog } from './archive-dialog.tsx';

// R-ARCHIVE-SELECTION: Archive… and Restore on the library's selection, the "archived" badge, the asset page's state.
const asset = (id: number, archiveState: ArchiveState | null): AssetView => ({
  id,
  name: `a${id}`,
  fileName: `a${id}.bin`,
  description: '',
  dateCreated: '2026-01-01T00:00:00.000Z',
  dateAdded: '2026-01-01T00:00:00.000Z',
  fileType: 'BIN',
  mimeType: 'application/octet-stream',
  kind: 'other',
  size: 1000,
  colorProfile: null,
  dimensions: null,
  aspectRatio: null,
  renditions: [],
  versions: 1,
  keywords: [],
  folderId: 3,
  path: `Library/a${id}.bin`,
  status: 'active',
  renditionState: 'done',
  checkedOutBy: null,
  checkedOutAt: null,
  archiveState,
  metadata: {},
});
const page = (items: AssetView[]) => ({
  items,
  total: items.length,
  facets: null,
  nextCursor: null,
  sort: { field: 'name', direction: 'asc' },
  notices: [],
});
const folderRoutes = (items: AssetView[]) => ({
  'GET /session/state': { session: holder(), timedOut: false },
  'GET /folders/tree': { root: { id: 3, name: 'Library', path: 'library', parentId: null }, folders: [] },
  'POST /search': page(items),
});
/** The result item of the asset named so (its accessible name starts with its badge, when it has one). */
const option = (name: string) =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>(`[role="option"][data-asset-name="${name}"]`);
    if (!found) throw new Error(`no option ${name}`);
    return found;
  });
const menuItems = async () => {
  fireEvent.click(await screen.findByRole('button', { name: en('browse.assetActions') }));
  return (await screen.findAllByRole('menuitem', {}, SLOW)).map((item) => item.textContent);
};

describe('Archive… on a selection', () => {
  it('refuses a retention date before the archive date with the spec’s text, then archives every asset', async () => {
    const api = fakeApi({ 'POST /assets/archive': { status: 201, body: { count: 2 } } });
    renderScreen(<ArchiveDialog open assetIds={[7, 8]} onClose={() => {}} />);
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(en('archive.archiveAt')), { target: { value: '2031-03-10' } });
    fireEvent.change(dialog.getByLabelText(en('archive.retentionUntil')), {
      target: { value: '2031-03-09' },
    });
    expect(await dialog.findByText(enSpec('retentionBeforeArchive'))).toBeTruthy();
    const submit = dialog.getByRole('button', { name: en('archiveSelection.submit', { count: 2 }) });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(dialog.getByLabelText(en('archive.retentionUntil')), {
      target: { value: '2032-03-10' },
    });
    await waitFor(() => expect(dialog.queryByText(enSpec('retentionBeforeArchive'))).toBeNull());
    await act(async () => fireEvent.click(submit));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/assets/archive')?.body).toEqual({
        assetIds: [7, 8],
        archiveAt: new Date('2031-03-10T00:00').toISOString(),
        retentionUntil: new Date('2032-03-10T00:00').toISOString(),
      }),
    );
  });

  it('restores archive proxies, and shows the server’s refusal of an asset that is not one', async () => {
    fakeApi({
      'POST /assets/archive-restore': failure(409, 'not_archive_proxy', MESSAGES.restoreNotArchiveProxy),
    });
    renderScreen(<RestoreArchiveDialog open assetIds={[7, 9]} onClose={() => {}} />);
    const dialog = within(await screen.findByRole('dialog'));
    await act(async () =>
      fireEvent.click(
        dialog.getByRole('button', { name: en('archiveSelection.restoreSubmit', { count: 2 }) }),
      ),
    );
    expect(await dialog.findByText(MESSAGES.restoreNotArchiveProxy)).toBeTruthy();
  });
});

describe('the library views', () => {
  it('badge an archived asset, and offer Restore only when the selection holds an archive proxy', async () => {
    fakeApi(folderRoutes([asset(1, 'archived'), asset(2, null), asset(3, 'scheduled')]), { others: [] });
    drawRoute({ name: 'folder', id: 3 });
    const archived = await option('a1');
    expect(archived.querySelector('[data-archive-badge="archived"]')?.textContent).toBe(
      en('archiveSelection.badge.archived'),
    );
    expect((await option('a2')).querySelector('[data-archive-badge]')).toBeNull();
    expect((await option('a3')).querySelector('[data-archive-badge="scheduled"]')).toBeTruthy();

    fireEvent.click(await option('a2'), { ctrlKey: true });
    let items = await menuItems();
    expect(items).toContain(en('archiveSelection.menu'));
    expect(items).not.toContain(en('archiveSelection.restoreMenu'));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(archived, { ctrlKey: true });
    items = await menuItems();
    expect(items).toContain(en('archiveSelection.restoreMenu'));
  });

  it('are not offered to someone without file actions', async () => {
    fakeApi(
      {
        ...folderRoutes([asset(1, 'archived')]),
        'GET /session/state': { session: holder(['facet browsing']), timedOut: false },
      },
      { others: [] },
    );
    drawRoute({ name: 'folder', id: 3 }, holder(['facet browsing']));
    fireEvent.click(await option('a1'), { ctrlKey: true });
    const items = await menuItems();
    expect(items).not.toContain(en('archiveSelection.menu'));
    expect(items).not.toContain(en('archiveSelection.restoreMenu'));
  });
});

describe('the asset page of an archive proxy', () => {
  it('shows the badge and the archive state by name, and restores it', async () => {
    const api = fakeApi(
      {
        'GET /assets/7': asset(7, 'archived'),
        'POST /assets/archive-restore': { count: 1 },
      },
      { others: [] },
    );
    drawRoute({ name: 'asset', id: 7 });
    const notice = await screen.findByText(
      en('archiveSelection.notice.title', { state: en('archive.retention') }),
      {},
      SLOW,
    );
    expect(notice).toBeTruthy();
    expect(document.querySelector('[data-archive-badge="archived"]')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en('archive.restore') })));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/assets/archive-restore')?.body).toEqual({
        assetIds: [7],
      }),
    );
  });
});
