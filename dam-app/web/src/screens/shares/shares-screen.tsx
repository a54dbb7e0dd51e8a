import { Badge, Box, Button, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { revokeShare } from '../../../../api/contract/shares-endpoints.ts';
import type { ShareView } from '../../../../api/shares.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { formatDate } from '../../components/format-date.ts';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { DataTable } from '../../kit/data-table.tsx';
import { QueryStates } from '../../kit/query-states.tsx';
import { SecretOnceDialog } from '../../kit/secret-once-dialog.tsx';
import { useConfirm } from '../../kit/use-confirm.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { ShareEditor } from './share-editor.tsx';
import { SHARE_KEYS, useShares } from './share-queries.ts';

export const screen = defineScreen('shares', {
  codec: path('/shares'),
  nav: { menu: 'user', label: 'shares.title', order: 3.4 },
});
export const draw: Draw<'shares'> = () => <SharesScreen />;

const STATE_COLORS = { active: 'green', expired: 'gray', exhausted: 'orange', revoked: 'red' } as const;

/** My external shares: each one's state, downloads (when, from where, how, complete or not); new, edit, extend, revoke. */
export function SharesScreen() {
  const { t, language } = usePreferences();
  const client = useQueryClient();
  const shares = useShares();
  const [editing, setEditing] = useState<ShareView | 'new' | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const revoke = useConfirm({
    run: (share: ShareView) => api.call(revokeShare, { params: { id: share.id } }),
    done: () => void client.invalidateQueries({ queryKey: SHARE_KEYS.list }),
    title: t('shares.revoke'),
    body: (share) => t('shares.revokeConfirm', { name: share.name }),
    confirmLabel: t('shares.revoke'),
  });
  const maxDays = shares.data?.maxExpirationDays ?? 90;
  const when = (at: string) => formatDate(at, language);
  return (
    <Box>
      <ScreenHeader
        title={t('shares.title')}
        intro={t('shares.intro')}
        actions={
          <Button colorPalette="teal" onClick={() => setEditing('new')}>
            {t('shares.new')}
          </Button>
        }
      />
      <QueryStates query={{ ...shares, data: shares.data?.items }} empty={t('shares.empty')}>
        {(items) => (
          <DataTable
            label={t('shares.title')}
            rows={items}
            rowKey={(share) => share.id}
            columns={[
              {
                header: t('field.name'),
                cell: (share) => (
                  <Stack gap="1">
                    <Text fontWeight="medium">{share.name}</Text>
                    {open === share.id && (
                      <Stack gap="1" fontSize="sm" aria-label={t('shares.downloads')}>
                        {share.downloads.length === 0 ? (
                          <Text color="fg.muted">{t('shares.noDownloads')}</Text>
                        ) : (
                          share.downloads.map((download) => (
                            <Text key={`${download.at}-${download.ip}-${download.method}`}>
                              {t('shares.downloadLine', {
                                at: when(download.at),
                                ip: download.ip || '—',
                                method: t(`shares.method.${download.method}`),
                                state: t(
                                  download.counted
                                    ? 'shares.counted'
                                    : download.completedAt
                                      ? 'shares.refused'
                                      : 'shares.incomplete',
                                ),
                              })}
                            </Text>
                          ))
                        )}
                      </Stack>
                    )}
                  </Stack>
                ),
              },
              {
                header: t('shares.state'),
                cell: (share) => (
                  <Badge colorPalette={STATE_COLORS[share.state]}>{t(`shares.state.${share.state}`)}</Badge>
                ),
              },
              {
                header: t('shares.downloads'),
                cell: (share) => (
                  <Button
                    size="xs"
                    variant="ghost"
                    aria-expanded={open === share.id}
                    data-share-downloads={share.id}
                    onClick={() => setOpen(open === share.id ? null : share.id)}
                  >
                    {share.maxDownloads === null
                      ? String(share.downloadCount)
                      : t('shares.countOfMax', { count: share.downloadCount, max: share.maxDownloads })}
                    <VisuallyHidden>
                      {t(open === share.id ? 'shares.hideDownloadsOf' : 'shares.showDownloadsOf', {
                        name: share.name,
                      })}
                    </VisuallyHidden>
                    {open === share.id ? ' ▴' : ' ▾'}
                  </Button>
                ),
              },
              { header: t('shares.expires'), cell: (share) => when(share.expiresAt) },
              { header: t('shares.files'), cell: (share) => String(share.assetCount) },
            ]}
            actions={(share) => (
              <HStack gap="1">
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={t('shares.editNamed', { name: share.name })}
                  onClick={() => setEditing(share)}
                >
                  {t('app.edit')}
                </Button>
                {share.state !== 'revoked' && (
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={t('shares.revokeNamed', { name: share.name })}
                    onClick={() => revoke.ask(share)}
                  >
                    {t('shares.revoke')}
                  </Button>
                )}
              </HStack>
            )}
          />
        )}
      </QueryStates>
      {editing && (
        <ShareEditor
          share={editing === 'new' ? undefined : editing}
          maxDays={maxDays}
          onCreated={setLink}
          onClose={() => setEditing(null)}
        />
      )}
      <SecretOnceDialog
        secret={link}
        title={t('shares.linkTitle')}
        body={t('shares.linkOnce')}
        testId="share-link"
        onClose={() => setLink(null)}
      />
      {revoke.dialog}
    </Box>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
