import { Button, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssetView } from '../../../api/assets.ts';
import { restoreAsset } from '../../../api/contract/assets-endpoints.ts';
import { api } from '../api/api-client.ts';
import { usePreferences } from '../app/preferences.tsx';
import { toaster, useFailureToast } from '../app/toaster.tsx';
import { Empty, ErrorAlert, ListSkeleton } from '../components/feedback.tsx';
import { Link } from '../components/link.tsx';
import { refreshAssets, useTrash } from '../screens/assets/asset-queries.ts';
import { AssetThumb } from './asset-preview.tsx';

/** The trash of the current ACL's root, latest first: each asset can go back to its folder. */
export function TrashDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = usePreferences();
  const trash = useTrash(open);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('trash.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {trash.isPending && <ListSkeleton />}
              {trash.isError && <ErrorAlert error={trash.error} />}
              {trash.data?.items.length === 0 && <Empty title={t('trash.empty')} />}
              {trash.data && trash.data.items.length > 0 && (
                <Stack as="ul" listStyleType="none" gap="3">
                  {trash.data.items.map((asset) => (
                    <TrashItem key={asset.id} asset={asset} onOpen={onClose} />
                  ))}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('app.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function TrashItem({ asset, onOpen }: { asset: AssetView; onOpen(): void }) {
  const { t } = usePreferences();
  const client = useQueryClient();
  const fail = useFailureToast();
  const restore = useMutation({
    mutationFn: () => api.call(restoreAsset, { params: { id: asset.id } }),
    onSuccess: (restored) => {
      refreshAssets(client, [asset.id]);
      toaster.create({ type: 'success', title: t('trash.restored', { name: restored.fileName }) });
    },
    onError: fail,
  });
  return (
    <HStack as="li" gap="3" data-trashed={asset.fileName}>
      <AssetThumb asset={asset} size="10" />
      <Stack gap="0" flex="1" minWidth="0">
        <Link to={{ name: 'asset', id: asset.id }} onClick={onOpen} fontWeight="medium">
          {asset.name}
        </Link>
        <Text fontSize="xs" color="fg.muted" fontFamily="mono" wordBreak="break-all">
          {asset.path}
        </Text>
      </Stack>
      <Button size="xs" variant="outline" loading={restore.isPending} onClick={() => restore.mutate()}>
        {t('trash.restore')}
      </Button>
    </HStack>
  );
}
