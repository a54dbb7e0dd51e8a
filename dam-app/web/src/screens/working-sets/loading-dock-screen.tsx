import { Badge, Button, Card, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import type { SessionView } from '../../../../api/accounts.ts';
import { loadingDockDone, prepareDownload } from '../../../../api/contract/loading-dock-endpoints.ts';
import type { loadingDockEntrySchema } from '../../../../api/loading-dock.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { mayDownload } from '../../asset-widgets/asset-access.ts';
import { Empty, ErrorAlert, ListSkeleton, Notice } from '../../components/feedback.tsx';
import { formatDate } from '../../components/format-date.ts';
import { formatSize } from '../../components/format-size.ts';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
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
      toaster.create({ type: 'success', title: t('dock.preparedFiles', { count: dock.files.length }) });
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
      {docks.isPending && <ListSkeleton />}
      {docks.isError && <ErrorAlert error={docks.error} />}
      {docks.data?.length === 0 && <Empty title={t('dock.empty')} description={t('dock.emptyHint')} />}
      {docks.data && docks.data.length > 0 && (
        <Stack gap="3" as="ul" listStyleType="none" aria-label={t('dock.listLabel')}>
          {docks.data.map((dock) => (
            <DockItem key={dock.loadingDockId} dock={dock} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function DockItem({ dock }: { dock: Dock }) {
  const { t, language } = usePreferences();
  const client = useQueryClient();
  const [showFiles, setShowFiles] = useState(false);
  const done = useMutation({
    mutationFn: () => api.call(loadingDockDone, { params: { notificationId: dock.notificationId } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ASSET_KEYS.loadingDock });
      toaster.create({ type: 'success', title: t('dock.cleaned') });
    },
  });
  const names = dock.files.map((file) => file.slice(file.indexOf('/') + 1));
  const filesId = `dock-files-${dock.loadingDockId}`;
  return (
    <Card.Root size="sm" as="li" data-dock={dock.notificationId}>
      <Card.Body gap="2">
        <Flex gap="3" wrap="wrap" align="center">
          <Text fontWeight="semibold">{t('dock.item', { id: dock.loadingDockId })}</Text>
          <Badge colorPalette={dock.state === 'ready' ? 'green' : 'gray'}>
            {t(`dock.state.${dock.state}`)}
          </Badge>
          <Text fontSize="sm" color="fg.muted">
            {t('dock.summary', { count: dock.files.length, size: formatSize(dock.totalSize, language) })}
          </Text>
          <HStack marginStart="auto" gap="2">
            <Button
              size="xs"
              variant="outline"
              aria-expanded={showFiles}
              aria-controls={filesId}
              onClick={() => setShowFiles(!showFiles)}
            >
              {t(showFiles ? 'dock.hideFiles' : 'dock.showFiles')}
            </Button>
            {dock.state === 'ready' && (
              <Button size="xs" variant="outline" loading={done.isPending} onClick={() => done.mutate()}>
                {t('dock.done')}
              </Button>
            )}
          </HStack>
        </Flex>
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
            {names.map((name) => (
              <li key={name}>{name}</li>
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
