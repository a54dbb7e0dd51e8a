// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TRANSFER_MESSAGES } from '../../../../api/transfer-messages.ts';
import { renderRoute } from '../../app/routes.tsx';
import { holder, NoClient, SLOW } from '../../test-support/draw-route.tsx';
import { fakeApi } from '../../test-support/fake-api.ts';
import { renderScreen } from '../../test-support/render-screen.tsx';
import { browseEntries } from '../../transfers/browse-entries.tsx';
import type { DownloadRequest } from '../../transfers/download-flow.ts';
import { BrowseExtensionsProvider } from '../browse/browse-extensions.tsx';

const collection = {
  id: 4,
  name: 'Press kit',
  description: '',
  owner: 'ada',
  sharedWithGroupId: null,
  modifiable: false,
  public: false,
  bundle: true,
  expiresAt: null,
  assetCount: 0,
};

/** The collection screen inside the transfer integration's entries (as the signed-in shell draws it). */
function drawCollection(bundle: boolean, mayDownload = true) {
  vi.stubGlobal('WebSocket', NoClient);
  vi.stubGlobal('XMLHttpRequest', NoClient);
  fakeApi({
    'GET /collections': [{ ...collection, bundle }],
    'GET /groups/mine': [],
    'GET /collections/4/assets': { items: [] },
  });
  const dialogs: DownloadRequest[] = [];
  const extensions = browseEntries(
    {
      menusReady: true,
      mayDownload,
      mayUpload: false,
      rapidDownload: () => undefined,
      openDownload: (request) => dialogs.push(request),
    },
    {
      rapidQuickDownload: 'Rapid Quick Download',
      folderRapidDownload: 'Download (Rapid)',
      rapidDownload: TRANSFER_MESSAGES.rapidDownload,
      downloadEntry: 'Download…',
      badge: 'Rapid',
      badgeLabel: 'Rapid',
    },
    () => undefined,
  );
  renderScreen(
    <BrowseExtensionsProvider value={extensions}>
      {renderRoute({ name: 'collection', id: 4 }, holder(), false)}
    </BrowseExtensionsProvider>,
  );
  return dialogs;
}

// Issue 26: a bundle goes home through the loading dock as a cart does — its screen has the Rapid Download button.
describe('a bundle’s Rapid Download on its collection screen', () => {
  it('offers Rapid Download for a bundle, which asks for the bundle through the Download dialog', async () => {
    const dialogs = drawCollection(true);
    const rapid = await screen.findByRole('button', { name: TRANSFER_MESSAGES.rapidDownload }, SLOW);
    fireEvent.click(rapid);
    expect(dialogs).toEqual([
      { kind: 'bundle', bundle: expect.objectContaining({ id: 4, name: 'Press kit' }) },
    ]);
  });
  it('offers none for a collection that is not a bundle', async () => {
    drawCollection(false);
    expect(await screen.findByText('Press kit', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: TRANSFER_MESSAGES.rapidDownload })).toBeNull();
  });
  it('offers none to someone who may not download', async () => {
    drawCollection(true, false);
    expect(await screen.findByText('Press kit', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('button', { name: TRANSFER_MESSAGES.rapidDownload })).toBeNull();
  });
});
