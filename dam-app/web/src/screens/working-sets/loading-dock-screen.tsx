import { Badge, Button, Card, Flex, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import type { SessionView } from '../../../../api/accounts.ts';
import {
  loadingDockDone,
  loadingDockZip,
  prepareDownload,
} from '../../../../api/contract/loading-dock-endpoints.ts';
import type { loadingDockEntrySchema } from '../../../../api/loading-dock.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { mayDownload } from '../../asset-widgets/asset-access.ts';
import { saveFile } from '../../asset-widgets/save-file.ts';
import { ErrorAlert, Notice } from '../../components/feedback.tsx';
import { formatDate } from '../../components/format-date.ts';
import { formatSize } from '../../components/format-size.ts';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { QueryStates } from '../../kit/query-states.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { useOptionalTransferActions } from '../../transfers/transfer-context.ts';
import { useTransferText } from '../../transfers/transfer-text.ts';
import { ASSET_KEYS, useCarts, useLoadingDock } from '../assets/asset-queries.ts';
import { cartChoices } from './cart-choices.ts';

export const screen = defineScreen('loading-dock', {
  codec: path('/loading-dock'),
  nav: { menu: 'header', label: 'dock.title', order: 3 },
});
export const draw: Draw<'loading-dock'> = (_, { session }) => <LoadingDockScreen session={session} />;

type Dock = z.infer<typeof loadingDockEntrySchema>;

/**
 * The Loading Dock (R-SCREEN-LABELS, R-DOCK-DOWNLOAD, R-DOCK-LIMITS): downloads prepared on the server, ready for the transfer or done. A cart is
 * prepared here; the dock's own R-DOCK-LIMITS messages (too large, no space, download maximum) come back from the server.
 */
export function LoadingDockScreen({ session }: { session: SessionView }) {
  const { t, spec } = usePreferences();
  const client = useQueryClient();
  const docks = useLoadingDock();
  const carts = useCarts();
  const [cartId, setCartId] = useState<string>('');
  const chosen = cartId || (carts.data?.[0] ? String(carts.data[0].id) : '');
  const prepare = useMutation({
    mutationFn: (id: number) => api.call(prepareDownload, { body: { cartId: id } }),
    onSuccess: (dock) => {
      void client.invalidateQueries({ queryKey: ASSET_KEYS.loadingDock });
      toaster.create({ type: 'success', title: t('dock.preparedFiles', { count: dock.items.length }) });
    },
  });
  const allowed = mayDownload(session);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) prepare.mutate(Number(chosen));
  };
  return (
    <Stack gap="4">
      <ScreenHeader title={t('dock.title')} intro={t('dock.intro')} />
      {!allowed && <Notice status="warning">{spec('noPermission')}</Notice>}
      {allowed && (
        <Card.Root size="sm" as="section" aria-labelledby="dock-prepare">
          <Card.Body>
            <Stack gap="3">
              <Text id="dock-prepare" fontWeight="semibold">
                {t('dock.prepareCart')}
              </Text>
              {carts.data?.length === 0 ? (
                <Text color="fg.muted">{t('dock.noCarts')}</Text>
              ) : (
                <Flex as="form" onSubmit={submit} gap="2" align="flex-end" wrap="wrap">
                  <SelectField
                    label={t('carts.cart')}
                    fieldProps={{ width: 'auto', minWidth: '64' }}
                    name="dockCart"
                    value={chosen}
                    onValue={setCartId}
                    choices={cartChoices(carts.data ?? [], t)}
                  />
                  <SubmitButton loading={prepare.isPending} disabled={!chosen}>
                    {t('dock.prepare')}
                  </SubmitButton>
                </Flex>
              )}
              <ErrorAlert error={prepare.error ?? undefined} />
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
      <QueryStates query={docks} empty={t('dock.empty')} emptyDescription={t('dock.emptyHint')}>
        {(list) => (
          <Stack gap="3" as="ul" listStyleType="none" aria-label={t('dock.listLabel')}>
            {list.map((dock) => (
              <DockItem key={dock.loadingDockId} dock={dock} />
            ))}
          </Stack>
        )}
      </QueryStates>
    </Stack>
  );
}

const STATE_COLOURS: Record<Dock['state'], string> = {
  preparing: 'blue',
  converting: 'purple',
  ready: 'green',
  failed: 'red',
  done: 'gray',
};

/**
 * One prepared download (R-DOCK-PLACE, R-DOCK-DOWNLOAD): its state (preparing, converting, ready for download,
 * failed), its size and how much is placed, the files that failed with their messages, and — once ready — Rapid
 * Download (one transfer through the dock, cleaned 10 s after it completes) and Standard Download (a zip over HTTP).
 */
export function DockItem({ dock }: { dock: Dock }) {
  const { t, language } = usePreferences();
  const text = useTransferText();
  const transfers = useOptionalTransferActions();
  const client = useQueryClient();
  const [showFiles, setShowFiles] = useState(false);
  const done = useMutation({
    mutationFn: () => api.call(loadingDockDone, { params: { notificationId: dock.notificationId } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ASSET_KEYS.loadingDock });
      toaster.create({ type: 'success', title: t('dock.cleaned') });
    },
  });
  const failed = dock.items.filter((item) => item.state === 'failed');
  const working = dock.state === 'preparing' || dock.state === 'converting';
  const ready = dock.state === 'ready';
  const filesId = `dock-files-${dock.loadingDockId}`;
  const size = formatSize(dock.totalSize, language);
  // A conversion not yet made has no size of its own (the server counts its original's meanwhile): it is said so.
  const converting = (item: Dock['items'][number]) => item.presetId !== null && item.state === 'pending';
  const sizeUnknown = dock.items.some(converting);
  const progressLabel = sizeUnknown
    ? t('dock.summaryConverting', { count: dock.items.length })
    : t('dock.progress', { placed: formatSize(dock.placedSize, language), size });
  return (
    <Card.Root size="sm" as="li" data-dock={dock.notificationId} data-state={dock.state}>
      <Card.Body gap="2">
        <Flex gap="3" wrap="wrap" align="center">
          <Text fontWeight="semibold">{t('dock.item', { id: dock.loadingDockId })}</Text>
          <Badge colorPalette={STATE_COLOURS[dock.state]}>{t(`dock.state.${dock.state}`)}</Badge>
          <Text fontSize="sm" color="fg.muted">
            {sizeUnknown
              ? t('dock.summaryConverting', { count: dock.items.length })
              : t('dock.summary', { count: dock.items.length, size })}
          </Text>
          <HStack marginStart="auto" gap="2" wrap="wrap">
            {ready && (
              <>
                <Button
                  size="xs"
                  colorPalette="teal"
                  disabled={!transfers?.mayDownload}
                  onClick={() =>
                    transfers?.rapidDownload({
                      kind: 'dock',
                      dock: { loadingDockId: dock.loadingDockId, notificationId: dock.notificationId },
                    })
                  }
                >
                  {text('rapidDownload')}
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() =>
                    saveFile(api.url(loadingDockZip, { params: { notificationId: dock.notificationId } }))
                  }
                >
                  {text('standardDownload')}
                </Button>
              </>
            )}
            <Button
              size="xs"
              variant="outline"
              aria-expanded={showFiles}
              aria-controls={filesId}
              onClick={() => setShowFiles(!showFiles)}
            >
              {t(showFiles ? 'dock.hideFiles' : 'dock.showFiles')}
            </Button>
            {(ready || dock.state === 'failed') && (
              <Button size="xs" variant="outline" loading={done.isPending} onClick={() => done.mutate()}>
                {t('dock.done')}
              </Button>
            )}
          </HStack>
        </Flex>
        {working && (
          <Progress.Root
            size="xs"
            max={Math.max(dock.totalSize, 1)}
            value={dock.state === 'converting' ? null : dock.placedSize}
            // The progress bar's own name (Ark names it "loading..." or a percentage otherwise).
            translations={{ value: () => progressLabel }}
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        )}
        {failed.length > 0 && (
          <Notice status="warning">
            <Stack gap="1">
              <Text>{t('dock.failedItems', { count: failed.length })}</Text>
              {failed.map((item) => (
                <Text key={item.fileName} fontSize="sm">
                  {item.fileName}: {item.message}
                </Text>
              ))}
            </Stack>
          </Notice>
        )}
        <Text fontSize="sm" color="fg.muted">
          {t('dock.dates', {
            created: formatDate(dock.createdAt, language),
            expires: formatDate(dock.expiresAt, language),
          })}
          {' · '}
          {t('dock.notification', { id: dock.notificationId })}
        </Text>
        {showFiles && (
          <Stack as="ul" id={filesId} gap="0" ps="4" fontFamily="mono" fontSize="sm">
            {dock.items.map((item) => (
              <li key={item.fileName}>
                {item.fileName} (
                {converting(item) ? t('dock.state.converting') : formatSize(item.size, language)})
              </li>
            ))}
          </Stack>
        )}
        <ErrorAlert error={done.error ?? undefined} />
      </Card.Body>
    </Card.Root>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
