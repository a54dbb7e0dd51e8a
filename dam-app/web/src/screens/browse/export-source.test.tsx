// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { drawRoute, holder, SLOW } from '../../test-support/draw-route.tsx';
import { fakeApi, NEVER } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { FolderDialog } from './folder-dialogs.tsx';
import { buildTree } from './tree-model.ts';

// R-METADATA-EXPORT from the web: a whole folder (Folder Actions) and what a search finds (the search screen), not
// only a selection; the server reads the assets, the web names the source.
const root = { id: 3, name: 'Library', path: 'library', parentId: null };
const tree = { root, folders: [] };
const nothingFound = {
  items: [],
  total: 0,
  facets: null,
  nextCursor: null,
  sort: { field: 'name', direction: 'asc' },
  notices: [],
};
const routes = () => ({
  'GET /session/state': { session: holder(), timedOut: false },
  'GET /folders/tree': tree,
  'POST /search': nothingFound,
  'GET /saved-searches': [],
  'POST /metadata/export': 'id;name\n',
});
const exported = (calls: { path: string; body: unknown }[]) =>
  (calls.find((call) => call.path === '/metadata/export')?.body as { source: unknown } | undefined)?.source;

async function exportFromDialog() {
  const dialog = within(await screen.findByRole('dialog', { name: en('metadataIo.exportTitle') }, SLOW));
  await act(async () => fireEvent.click(dialog.getByRole('button', { name: en('metadataIo.export') })));
}

describe('Export metadata of a folder or a search', () => {
  it('exports the folder and its subfolders from Folder Actions', async () => {
    const api = fakeApi(routes(), { others: NEVER });
    drawRoute({ name: 'folder', id: 3 });
    fireEvent.click(await screen.findByRole('button', { name: en('folder.actions') }, SLOW));
    expect(await screen.findByRole('menuitem', { name: en('metadataIo.exportMenu') }, SLOW)).toBeTruthy();
    cleanup();
    renderScreen(
      <FolderDialog
        operation="export-metadata"
        folder={root}
        tree={buildTree(root, [])}
        onClose={() => {}}
      />,
    );
    expect(
      await screen.findByText(en('metadataIo.exportFolderIntro', { name: 'Library' }), {}, SLOW),
    ).toBeTruthy();
    await exportFromDialog();
    await waitFor(() =>
      expect(exported(api.calls)).toEqual({ kind: 'folder', folderId: 3, recursive: true }),
    );
  });

  it('exports what the search finds from the search screen', async () => {
    const api = fakeApi(routes(), { others: NEVER });
    drawRoute({ name: 'search', query: 'oslo' });
    fireEvent.click(await screen.findByRole('button', { name: en('metadataIo.exportMenu') }, SLOW));
    expect(await screen.findByText(en('metadataIo.exportSearchIntro'), {}, SLOW)).toBeTruthy();
    await exportFromDialog();
    await waitFor(() => expect(exported(api.calls)).toMatchObject({ kind: 'search', search: { q: 'oslo' } }));
  });
});
