import { Button, Menu } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SessionView } from '../../../../api/accounts.ts';
import type { AssetView } from '../../../../api/assets.ts';
import { assetOriginal, printAsset, trashAsset } from '../../../../api/contract/assets-endpoints.ts';
import { prepareDownload } from '../../../../api/contract/loading-dock-endpoints.ts';
import { fileWithMetadata } from '../../../../api/contract/metadata-io-endpoints.ts';
import { cancelCheckOut, checkOutAsset } from '../../../../api/contract/versions-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster, useFailureToast } from '../../app/toaster.tsx';
import { navigate } from '../../app/use-route.ts';
import { AddToCartDialog } from '../../asset-widgets/add-to-cart-dialog.tsx';
import { AddToCollectionDialog } from '../../asset-widgets/add-to-collection-dialog.tsx';
import {
  lockState,
  mayBreakLock,
  mayChangeAssets,
  mayDownload,
  mayDownloadOriginal,
  mayEditAsset,
} from '../../asset-widgets/asset-access.ts';
import { ContactSheetDialog } from '../../asset-widgets/contact-sheet-dialog.tsx';
import { ConvertDialog } from '../../asset-widgets/convert-dialog.tsx';
import { MoveCopyDialog } from '../../asset-widgets/move-copy-dialog.tsx';
import { RequestDialog } from '../../asset-widgets/request-dialog.tsx';
import { saveFile } from '../../asset-widgets/save-file.ts';
import { ConfirmDialog } from '../../components/feedback.tsx';
import { useBrowseExtensions } from '../browse/browse-extensions.tsx';
import { ExtraMenuItems } from '../browse/extra-menu-items.tsx';
import { ASSET_KEYS, refreshAssets } from './asset-queries.ts';
import { CheckInDialog } from './check-in-dialog.tsx';
import { PRINT_FORMATS } from './print-formats.ts';
import { RenameDialog } from './rename-dialog.tsx';

type Open =
  | 'request'
  | 'check-in'
  | 'rename'
  | 'move'
  | 'delete'
  | 'cart'
  | 'collection'
  | 'contact-sheet'
  | 'convert'
  | null;

/** The Asset View's actions: check-out and check-in, rename, move or copy, delete, working sets, downloads, print. */
export function AssetActions({
  asset,
  session,
  onTrashed,
}: {
  asset: AssetView;
  session: SessionView;
  onTrashed(): void;
}) {
  const { t } = usePreferences();
  const client = useQueryClient();
  const extensions = useBrowseExtensions();
  const [open, setOpen] = useState<Open>(null);
  const lock = lockState(asset, session);
  const fail = useFailureToast();
  const locking = useMutation({
    mutationFn: (method: 'POST' | 'DELETE') =>
      api.call(method === 'POST' ? checkOutAsset : cancelCheckOut, { params: { id: asset.id } }),
    onSuccess: (next, method) => {
      client.setQueryData(ASSET_KEYS.asset(asset.id), next);
      refreshAssets(client);
      toaster.create({
        type: 'success',
        title: method === 'POST' ? t('assets.checkedOut') : t('assets.checkOutCancelled'),
      });
    },
    onError: fail,
  });
  const trash = useMutation({
    mutationFn: () => api.call(trashAsset, { params: { id: asset.id } }),
    onSuccess: () => {
      setOpen(null);
      refreshAssets(client);
      onTrashed();
    },
  });
  const prepare = useMutation({
    mutationFn: () => api.call(prepareDownload, { body: { ids: [asset.id] } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ASSET_KEYS.loadingDock });
      toaster.create({ type: 'success', title: t('dock.prepared') });
      navigate({ name: 'loading-dock' });
    },
    onError: fail,
  });
  const editable = mayEditAsset(asset, session);
  const changer = mayChangeAssets(session);
  const extras = extensions.assetMenuItems([asset]);
  const close = () => setOpen(null);
  return (
    <>
      <Menu.Root positioning={{ placement: 'bottom-end' }}>
        <Menu.Trigger asChild>
          <Button colorPalette="teal" data-asset-actions="">
            {t('app.actions')} ▾
          </Button>
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content minWidth="60">
            {changer && lock === 'free' && (
              <Menu.Item value="check-out" onSelect={() => locking.mutate('POST')}>
                {t('assets.checkOut')}
              </Menu.Item>
            )}
            {lock === 'mine' && (
              <>
                <Menu.Item value="check-in" onSelect={() => setOpen('check-in')}>
                  {t('assets.checkInMenu')}
                </Menu.Item>
                <Menu.Item value="cancel-check-out" onSelect={() => locking.mutate('DELETE')}>
                  {t('assets.cancelCheckOut')}
                </Menu.Item>
              </>
            )}
            {mayBreakLock(asset, session) && (
              <Menu.Item value="break-lock" onSelect={() => locking.mutate('DELETE')}>
                {t('assets.breakLock')}
              </Menu.Item>
            )}
            {changer && <Menu.Separator />}
            {changer && (
              <>
                <Menu.Item value="rename" disabled={!editable} onSelect={() => setOpen('rename')}>
                  {t('assets.renameMenu')}
                </Menu.Item>
                <Menu.Item value="move" disabled={!editable} onSelect={() => setOpen('move')}>
                  {t('moveCopy.menu')}
                </Menu.Item>
                <Menu.Item
                  value="delete"
                  disabled={!editable}
                  color="fg.error"
                  onSelect={() => {
                    trash.reset();
                    setOpen('delete');
                  }}
                >
                  {t('assets.delete')}
                </Menu.Item>
                <Menu.Separator />
              </>
            )}
            <Menu.Item value="cart" onSelect={() => setOpen('cart')}>
              {t('carts.addMenu')}
            </Menu.Item>
            <Menu.Item value="collection" onSelect={() => setOpen('collection')}>
              {t('collections.addMenu')}
            </Menu.Item>
            <Menu.Item value="contact-sheet" onSelect={() => setOpen('contact-sheet')}>
              {t('contactSheet.menu')}
            </Menu.Item>
            {!mayDownload(session) && (
              <Menu.Item value="request" onSelect={() => setOpen('request')}>
                {t('requests.menu')}
              </Menu.Item>
            )}
            {mayDownload(session) && (
              <>
                <Menu.Separator />
                {/* Every way to take the file home in one group, as the Download dialog offers them. */}
                <Menu.ItemGroup>
                  <Menu.ItemGroupLabel>{t('assets.downloadGroup')}</Menu.ItemGroupLabel>
                  <ExtraMenuItems extras={extras} />
                  {mayDownloadOriginal(session) && (
                    <Menu.Item
                      value="download-original"
                      onSelect={() =>
                        saveFile(api.url(assetOriginal, { params: { id: asset.id } }), asset.fileName)
                      }
                    >
                      {t('assets.downloadOriginal')}
                    </Menu.Item>
                  )}
                  {mayDownloadOriginal(session) && (
                    <Menu.Item
                      value="download-with-metadata"
                      onSelect={() =>
                        saveFile(api.url(fileWithMetadata, { params: { id: asset.id } }), asset.fileName)
                      }
                    >
                      {t('metadataIo.downloadWithMetadata')}
                    </Menu.Item>
                  )}
                  <Menu.Item value="loading-dock" onSelect={() => prepare.mutate()}>
                    {t('dock.prepareMenu')}
                  </Menu.Item>
                  <Menu.Item value="convert" onSelect={() => setOpen('convert')}>
                    {t('convert.menu')}
                  </Menu.Item>
                </Menu.ItemGroup>
                {mayDownloadOriginal(session) && asset.kind === 'image' && (
                  <Menu.ItemGroup>
                    <Menu.ItemGroupLabel>{t('print.title')}</Menu.ItemGroupLabel>
                    {PRINT_FORMATS.map((format) => (
                      <Menu.Item
                        key={format.format}
                        value={`print-${format.format}`}
                        onSelect={() =>
                          saveFile(api.url(printAsset, { params: { id: asset.id, format: format.format } }))
                        }
                      >
                        {t('print.output', { label: format.label, dpi: format.dpi })}
                      </Menu.Item>
                    ))}
                  </Menu.ItemGroup>
                )}
              </>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
      {open === 'check-in' && <CheckInDialog asset={asset} open onClose={close} />}
      {open === 'rename' && <RenameDialog asset={asset} open onClose={close} />}
      {open === 'move' && (
        <MoveCopyDialog open assetIds={[asset.id]} currentFolderId={asset.folderId} onClose={close} />
      )}
      {open === 'cart' && <AddToCartDialog assetIds={[asset.id]} open onClose={close} />}
      {open === 'collection' && <AddToCollectionDialog assetIds={[asset.id]} open onClose={close} />}
      {open === 'contact-sheet' && <ContactSheetDialog assetIds={[asset.id]} open onClose={close} />}
      {open === 'request' && <RequestDialog assetIds={[asset.id]} open onClose={close} />}
      {open === 'convert' && <ConvertDialog assetIds={[asset.id]} open onClose={close} />}
      <ConfirmDialog
        open={open === 'delete'}
        title={t('assets.deleteTitle')}
        body={t('assets.deleteConfirm', { name: asset.fileName })}
        confirmLabel={t('assets.delete')}
        busy={trash.isPending}
        error={trash.error ?? undefined}
        onConfirm={() => trash.mutate()}
        onClose={close}
      />
    </>
  );
}
