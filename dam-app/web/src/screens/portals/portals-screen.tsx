import { Badge, Box, Button, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deletePortal, publishPortal, unpublishPortal } from '../../../../api/contract/portals-endpoints.ts';
import type { PortalView } from '../../../../api/portals.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { useFailureToast } from '../../app/toaster.tsx';
import { formatDate } from '../../components/format-date.ts';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { DataTable } from '../../kit/data-table.tsx';
import { QueryStates } from '../../kit/query-states.tsx';
import { SecretOnceDialog } from '../../kit/secret-once-dialog.tsx';
import { useConfirm } from '../../kit/use-confirm.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { PortalDownloads } from './portal-downloads.tsx';
import { PortalEditor } from './portal-editor.tsx';
import { PORTAL_KEYS, usePortals } from './portal-queries.ts';

export const screen = defineScreen('portals', {
  codec: path('/portals'),
  nav: { menu: 'user', label: 'portals.title', order: 3.45 },
});
export const draw: Draw<'portals'> = () => <PortalsScreen />;

const STATE_COLORS = { published: 'green', unpublished: 'gray', expired: 'orange' } as const;

/** My external portals (R-PORTAL): state, downloads, expiry, sources; new, edit, publish or unpublish, delete. */
export function PortalsScreen() {
  const { t, language } = usePreferences();
  const client = useQueryClient();
  const fail = useFailureToast();
  const portals = usePortals();
  const [editing, setEditing] = useState<PortalView | 'new' | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: PORTAL_KEYS.list });
  const publish = useMutation({
    mutationFn: (portal: PortalView) =>
      api.call(portal.published ? unpublishPortal : publishPortal, { params: { id: portal.id } }),
    onSuccess: refresh,
    onError: fail,
  });
  const remove = useConfirm({
    run: (portal: PortalView) => api.call(deletePortal, { params: { id: portal.id } }),
    done: refresh,
    title: t('portals.delete'),
    body: (portal) => t('portals.deleteConfirm', { name: portal.name }),
    confirmLabel: t('portals.delete'),
  });
  const maxDays = portals.data?.maxExpirationDays ?? 365;
  return (
    <Box>
      <ScreenHeader
        title={t('portals.title')}
        intro={t('portals.intro')}
        actions={
          <Button colorPalette="teal" onClick={() => setEditing('new')}>
            {t('portals.new')}
          </Button>
        }
      />
      <QueryStates query={{ ...portals, data: portals.data?.items }} empty={t('portals.empty')}>
        {(items) => (
          <DataTable
            label={t('portals.title')}
            rows={items}
            rowKey={(portal) => portal.id}
            columns={[
              {
                header: t('field.name'),
                cell: (portal) => (
                  <Stack gap="1">
                    <Text fontWeight="medium">{portal.name}</Text>
                    {open === portal.id && <PortalDownloads portalId={portal.id} />}
                  </Stack>
                ),
              },
              {
                header: t('shares.state'),
                cell: (portal) => (
                  <Badge colorPalette={STATE_COLORS[portal.state]}>
                    {t(`portals.state.${portal.state}`)}
                  </Badge>
                ),
              },
              {
                header: t('shares.downloads'),
                cell: (portal) => (
                  <Button
                    size="xs"
                    variant="ghost"
                    aria-expanded={open === portal.id}
                    onClick={() => setOpen(open === portal.id ? null : portal.id)}
                  >
                    {portal.maxDownloads === null
                      ? String(portal.downloadCount)
                      : t('shares.countOfMax', { count: portal.downloadCount, max: portal.maxDownloads })}
                    <VisuallyHidden>
                      {t(open === portal.id ? 'shares.hideDownloadsOf' : 'shares.showDownloadsOf', {
                        name: portal.name,
                      })}
                    </VisuallyHidden>
                    {open === portal.id ? ' ▴' : ' ▾'}
                  </Button>
                ),
              },
              { header: t('shares.expires'), cell: (portal) => formatDate(portal.expiresAt, language) },
              {
                header: t('portals.sources'),
                cell: (portal) =>
                  t('portals.sourceCount', {
                    collections: portal.collectionIds.length,
                    folders: portal.folderIds.length,
                  }),
              },
            ]}
            actions={(portal) => (
              <HStack gap="1">
                {portal.state !== 'expired' && (
                  <Button
                    size="xs"
                    variant={portal.published ? 'outline' : 'solid'}
                    colorPalette="teal"
                    loading={publish.isPending && publish.variables?.id === portal.id}
                    aria-label={t(portal.published ? 'portals.unpublishNamed' : 'portals.publishNamed', {
                      name: portal.name,
                    })}
                    onClick={() => publish.mutate(portal)}
                  >
                    {t(portal.published ? 'portals.unpublish' : 'portals.publish')}
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={t('shares.editNamed', { name: portal.name })}
                  onClick={() => setEditing(portal)}
                >
                  {t('app.edit')}
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  aria-label={t('portals.deleteNamed', { name: portal.name })}
                  onClick={() => remove.ask(portal)}
                >
                  {t('portals.delete')}
                </Button>
              </HStack>
            )}
          />
        )}
      </QueryStates>
      {editing && (
        <PortalEditor
          portal={editing === 'new' ? undefined : editing}
          maxDays={maxDays}
          onCreated={setLink}
          onClose={() => setEditing(null)}
        />
      )}
      <SecretOnceDialog
        secret={link}
        title={t('portals.linkTitle')}
        body={t('portals.linkOnce')}
        testId="portal-link"
        onClose={() => setLink(null)}
      />
      {remove.dialog}
    </Box>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
