// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TRANSFER_MESSAGES } from '../../../../api/transfer-messages.ts';
import { formatSize } from '../../components/format-size.ts';
import { drawRoute, holder, SLOW } from '../../test-support/draw-route.tsx';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { type TransferActions, TransferContext } from '../../transfers/transfer-context.ts';
import { DockItem } from './loading-dock-screen.tsx';

const saved = vi.hoisted(() => [] as string[]);
vi.mock('../../asset-widgets/save-file.ts', () => ({
  saveFile: (source: string) => saved.push(source),
}));

const MB = 1024 * 1024;
const dock = (id: number, state: string, extra: Record<string, unknown> = {}) => ({
  loadingDockId: id,
  notificationId: `notification-${id}`,
  state,
  totalSize: 30 * MB,
  placedSize: state === 'ready' ? 30 * MB : 10 * MB,
  files: state === 'ready' ? [`LoadingDock/notification-${id}/a.jpg`] : [],
  items: [
    { assetId: 1, fileName: 'a.jpg', size: 10 * MB, presetId: null, state: 'placed' },
    { assetId: 2, fileName: 'b.mov', size: 20 * MB, presetId: 3, state: 'pending' },
  ],
  createdAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  ...extra,
});
const card = async (id: number) => {
  const list = await screen.findByRole('list', { name: en('dock.listLabel') }, SLOW);
  const item = list.querySelector(`[data-dock="notification-${id}"]`);
  if (!item) throw new Error(`no dock ${id}`);
  return within(item as HTMLElement);
};

describe('the Loading Dock screen (R-DOCK-PLACE, R-DOCK-DOWNLOAD)', () => {
  it('shows each prepared download with its state and size, and downloads only a ready one', async () => {
    fakeApi({
      'GET /loading-dock': [
        dock(1, 'preparing'),
        dock(2, 'converting'),
        dock(3, 'ready', {
          items: [
            { assetId: 1, fileName: 'a.jpg', size: 10 * MB, presetId: null, state: 'placed' },
            {
              assetId: 2,
              fileName: 'b.mov',
              size: 20 * MB,
              presetId: 3,
              state: 'failed',
              message: 'b.mov could not be converted.',
            },
          ],
        }),
        dock(4, 'done'),
      ],
      'GET /carts': [],
    });
    drawRoute({ name: 'loading-dock' }, holder());
    const preparing = await card(1);
    expect(preparing.getByText(en('dock.state.preparing'))).toBeTruthy();
    expect(preparing.getByRole('progressbar')).toBeTruthy();
    expect(preparing.queryByRole('button', { name: TRANSFER_MESSAGES.rapidDownload })).toBeNull();
    const converting = await card(2);
    expect(converting.getByText(en('dock.state.converting'))).toBeTruthy();
    expect(converting.queryByRole('button', { name: TRANSFER_MESSAGES.standardDownload })).toBeNull();
    const ready = await card(3);
    expect(ready.getByText(en('dock.state.ready'))).toBeTruthy();
    expect(ready.getByText(en('dock.summary', { count: 2, size: formatSize(30 * MB, 'en') }))).toBeTruthy();
    expect(ready.getByRole('button', { name: TRANSFER_MESSAGES.rapidDownload })).toBeTruthy();
    expect(ready.getByRole('button', { name: TRANSFER_MESSAGES.standardDownload })).toBeTruthy();
    expect(ready.getByText(en('dock.failedItems', { count: 1 }))).toBeTruthy();
    expect(ready.getByText(/b\.mov could not be converted\./)).toBeTruthy();
    const done = await card(4);
    expect(done.getByText(en('dock.state.done'))).toBeTruthy();
    expect(done.queryByRole('button', { name: TRANSFER_MESSAGES.rapidDownload })).toBeNull();
  });

  it('starts a Rapid Download of the dock, and a Standard Download of its zip', async () => {
    const rapidDownload = vi.fn();
    const actions = { mayDownload: true, rapidDownload } as unknown as TransferActions;
    fakeApi({});
    renderScreen(
      <TransferContext.Provider value={actions}>
        <ul>
          <DockItem dock={dock(7, 'ready') as never} />
        </ul>
      </TransferContext.Provider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: TRANSFER_MESSAGES.rapidDownload }, SLOW));
    expect(rapidDownload).toHaveBeenCalledWith({
      kind: 'dock',
      dock: { loadingDockId: 7, notificationId: 'notification-7' },
    });
    fireEvent.click(screen.getByRole('button', { name: TRANSFER_MESSAGES.standardDownload }));
    expect(saved.at(-1)).toMatch(/\/api\/v1\/loading-dock\/notification-7\/zip$/);
  });

  it('says a conversion’s size is not known while it converts, and shows the converted size once ready', async () => {
    fakeApi({});
    const converting = dock(8, 'converting');
    const converted = dock(9, 'ready', {
      totalSize: 12 * MB,
      placedSize: 12 * MB,
      items: [
        { assetId: 1, fileName: 'a.jpg', size: 10 * MB, presetId: null, state: 'placed' },
        { assetId: 2, fileName: 'b (Web 720p).mp4', size: 2 * MB, presetId: 3, state: 'placed' },
      ],
    });
    renderScreen(
      <ul>
        <DockItem dock={converting as never} />
        <DockItem dock={converted as never} />
      </ul>,
    );
    const first = within(
      (await screen.findByText(en('dock.item', { id: 8 }), {}, SLOW)).closest('li') as HTMLElement,
    );
    // The original's 30 MB is no size of what the person gets: it is said to be known once converted.
    expect(first.getByText(en('dock.summaryConverting', { count: 2 }))).toBeTruthy();
    expect(first.queryByText(en('dock.summary', { count: 2, size: formatSize(30 * MB, 'en') }))).toBeNull();
    expect(first.getByRole('progressbar').getAttribute('aria-label')).toBe(
      en('dock.summaryConverting', { count: 2 }),
    );
    fireEvent.click(first.getByRole('button', { name: en('dock.showFiles') }));
    expect(first.getByText(`b.mov (${en('dock.state.converting')})`)).toBeTruthy();
    const second = within(screen.getByText(en('dock.item', { id: 9 })).closest('li') as HTMLElement);
    expect(second.getByText(en('dock.summary', { count: 2, size: formatSize(12 * MB, 'en') }))).toBeTruthy();
    fireEvent.click(second.getByRole('button', { name: en('dock.showFiles') }));
    expect(second.getByText(`b (Web 720p).mp4 (${formatSize(2 * MB, 'en')})`)).toBeTruthy();
  });
});
