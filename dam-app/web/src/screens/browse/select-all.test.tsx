// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ASSET_MESSAGES } from '../../../../api/asset-messages.ts';
import type { AssetView } from '../../../../api/assets.ts';
import { toaster } from '../../app/toaster.tsx';
import { drawRoute, holder, SLOW } from '../../test-support/draw-route.tsx';
import { failure, fakeApi } from '../../test-support/fake-api.ts';
import { en } from '../../test-support/render-screen.tsx';

// Select all is the whole folder, not the page the browser holds: the server resolves it and the count says so.
const root = { id: 3, name: 'Library', path: 'library', parentId: null };
const asset = (id: number): AssetView => ({
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
  metadata: {},
});
const firstPage = {
  items: [asset(1), asset(2)],
  total: 1200,
  facets: null,
  nextCursor: 'next',
  sort: { field: 'name', direction: 'asc' },
  notices: [],
};
const routes = {
  'GET /session/state': { session: holder(), timedOut: false },
  'GET /folders/tree': { root, folders: [] },
  // The next pages never come: what the browser holds is the first page only.
  'POST /search': firstPage,
};
// Ctrl+A on the results: the keyboard way to the same Select all as the asset actions menu's entry.
const selectAll = async () =>
  fireEvent.keyDown(await screen.findByRole('listbox', {}, SLOW), { key: 'a', ctrlKey: true });

describe('Select all', () => {
  it('selects every asset of the folder, with the count shown', async () => {
    const ids = Array.from({ length: 1200 }, (_, index) => index + 1);
    const { calls } = fakeApi({ ...routes, 'POST /search/select-all': { ids, total: 1200 } }, { others: [] });
    drawRoute({ name: 'folder', id: 3 });
    await screen.findByText(en('browse.count', { count: 1200 }), { exact: false }, SLOW);
    await selectAll();
    await screen.findByText(en('browse.selected', { count: 1200 }), { exact: false }, SLOW);
    expect(calls.find((call) => call.path === '/search/select-all')?.body).toMatchObject({
      folderId: 3,
      folderOnly: true,
    });
  });

  it('says why when the folder is beyond a selection’s maximum block', async () => {
    fakeApi(
      {
        ...routes,
        'POST /search/select-all': failure(400, 'selection_too_large', ASSET_MESSAGES.selectionTooLarge),
      },
      { others: [] },
    );
    drawRoute({ name: 'folder', id: 3 });
    await screen.findByText(en('browse.count', { count: 1200 }), { exact: false }, SLOW);
    const toast = vi.spyOn(toaster, 'create');
    await selectAll();
    await waitFor(
      () =>
        expect(toast).toHaveBeenCalledWith(
          expect.objectContaining({ type: 'error', title: ASSET_MESSAGES.selectionTooLarge }),
        ),
      SLOW,
    );
    expect(document.querySelector('[data-result-count]')?.textContent).not.toContain('selected');
  });
});
