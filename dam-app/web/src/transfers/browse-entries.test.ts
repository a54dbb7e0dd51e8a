import { describe, expect, it } from 'vitest';
import type { AssetView } from '../../../api/assets.ts';
import { browseEntries } from './browse-entries.tsx';
import type { DownloadRequest } from './download-flow.ts';

const TEXTS = {
  rapidQuickDownload: 'Rapid Quick Download',
  folderRapidDownload: 'Download (Rapid)',
  rapidDownload: 'Rapid Download',
  downloadEntry: 'Download…',
  badge: 'Rapid',
  badgeLabel: 'Available for Rapid Quick Download',
};
const asset = { id: 1, path: 'Library/a.png' } as AssetView;
const folder = { id: 2, name: 'Shoots', path: 'Library/Shoots', parentId: 1 };
const cart = { id: 3, name: 'Shoot' };

function entries(state: { menusReady: boolean; mayDownload: boolean; mayUpload: boolean }) {
  const asked: DownloadRequest[] = [];
  const dialogs: DownloadRequest[] = [];
  const made = browseEntries(
    {
      ...state,
      rapidDownload: (request) => asked.push(request),
      openDownload: (request) => dialogs.push(request),
    },
    TEXTS,
    () => ({
      onDragEnter: () => {},
      onDragOver: () => {},
      onDragLeave: () => {},
      onDrop: () => {},
    }),
  );
  return { made, asked, dialogs };
}

describe('the browse entries of the transfer integration (R-TRANSFER-MENUS, R-CLIENT-STATUS-UI, R-DOWNLOAD-GATE, R-UPLOAD-GATE)', () => {
  it('adds the Rapid entries, the badge and the drop targets while the client runs and the person may', () => {
    const { made, asked, dialogs } = entries({ menusReady: true, mayDownload: true, mayUpload: true });
    const items = made.assetMenuItems([asset]);
    expect(items.map((item) => item.label)).toEqual(['Rapid Quick Download', 'Download…']);
    items[0]?.onSelect();
    expect(asked).toEqual([{ kind: 'assets', assets: [asset] }]);
    made.folderActionItems(folder)[0]?.onSelect();
    expect(asked.at(-1)).toEqual({ kind: 'folder', folder });
    made.cartMenuItems(cart)[0]?.onSelect();
    expect(dialogs).toEqual([{ kind: 'cart', cart }]);
    made.bundleMenuItems(cart)[0]?.onSelect();
    expect(dialogs.at(-1)).toEqual({ kind: 'bundle', bundle: cart });
    expect(made.assetBadge(asset)).not.toBeNull();
    expect(made.folderDropTarget(folder)).toBeDefined();
  });

  it('adds no Rapid menu, badge or drop target before the client runs; the Download dialog stays', () => {
    const { made } = entries({ menusReady: false, mayDownload: true, mayUpload: true });
    expect(made.assetMenuItems([asset]).map((item) => item.label)).toEqual(['Download…']);
    expect(made.folderActionItems(folder)).toEqual([]);
    expect(made.assetBadge(asset)).toBeNull();
    expect(made.folderDropTarget(folder)).toBeUndefined();
  });

  it('gates downloads on quickDownload or downloadHiRes and drops on fileUpload (R-DOWNLOAD-GATE, R-UPLOAD-GATE)', () => {
    const noDownload = entries({ menusReady: true, mayDownload: false, mayUpload: true }).made;
    expect(noDownload.assetMenuItems([asset])).toEqual([]);
    expect(noDownload.cartMenuItems(cart)).toEqual([]);
    expect(noDownload.assetBadge(asset)).toBeNull();
    const noUpload = entries({ menusReady: true, mayDownload: true, mayUpload: false }).made;
    expect(noUpload.folderDropTarget(folder)).toBeUndefined();
  });
});
