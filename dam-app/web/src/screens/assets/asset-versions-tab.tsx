import { Badge, Button, Checkbox, HStack, Image, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SessionView } from '../../../../api/accounts.ts';
import type { AssetView } from '../../../../api/assets.ts';
import { restoreVersion } from '../../../../api/contract/versions-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { navigate } from '../../app/use-route.ts';
import { mayEditAsset } from '../../asset-widgets/asset-access.ts';
import { renditionUrl } from '../../asset-widgets/asset-preview.tsx';
import { ConfirmDialog, Empty, ErrorAlert, ListSkeleton } from '../../components/feedback.tsx';
import { formatDate } from '../../components/format-date.ts';
import { formatSize } from '../../components/format-size.ts';
import { ASSET_KEYS, refreshAssets, useVersions } from './asset-queries.ts';

/** Versions (R-VERSION-FIELDS): every version with its fields; restore one, or pick two to compare side by side. */
export function AssetVersionsTab({ asset, session }: { asset: AssetView; session: SessionView }) {
  const { t, language } = usePreferences();
  const client = useQueryClient();
  const versions = useVersions(asset.id);
  const [picked, setPicked] = useState<number[]>([]);
  const [restoring, setRestoring] = useState<number | null>(null);
  const restore = useMutation({
    mutationFn: (number: number) => api.call(restoreVersion, { params: { id: asset.id, number } }),
    onSuccess: (answer) => {
      setRestoring(null);
      client.setQueryData(ASSET_KEYS.asset(asset.id), answer.asset);
      void client.invalidateQueries({ queryKey: ASSET_KEYS.versions(asset.id) });
      refreshAssets(client);
      toaster.create({ type: 'success', title: t('versions.restored', { version: answer.version }) });
    },
  });
  const editable = mayEditAsset(asset, session);
  if (versions.isPending) return <ListSkeleton />;
  if (versions.isError) return <ErrorAlert error={versions.error} />;
  if (versions.data.length === 0) return <Empty title={t('versions.empty')} />;
  const latest = Math.max(...versions.data.map((each) => each.number));
  const toggle = (number: number, on: boolean) =>
    setPicked((current) =>
      on
        ? [...current.filter((each) => each !== number), number].slice(-2)
        : current.filter((each) => each !== number),
    );
  const [left, right] = [...picked].sort((a, b) => a - b);
  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          {t('versions.pickTwo')}
        </Text>
        <Button
          size="sm"
          colorPalette="teal"
          disabled={left === undefined || right === undefined}
          onClick={() =>
            left !== undefined &&
            right !== undefined &&
            navigate({ name: 'compare', id: asset.id, left, right })
          }
        >
          {t('versions.compare')}
        </Button>
      </HStack>
      <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0}>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('versions.select')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('versions.number')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('versions.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('versions.category')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('versions.comment')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('versions.message')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('assets.field.fileName')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('assets.field.size')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('versions.dateEntered')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('versions.state')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('app.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {versions.data.map((version) => (
              <Table.Row key={version.id} data-version={version.number}>
                <Table.Cell>
                  <Checkbox.Root
                    checked={picked.includes(version.number)}
                    onCheckedChange={(details) => toggle(version.number, details.checked === true)}
                    size="sm"
                  >
                    <Checkbox.HiddenInput aria-label={t('versions.pick', { number: version.number })} />
                    <Checkbox.Control />
                  </Checkbox.Root>
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="2">
                    {version.thumbnailUrl && (
                      <Image
                        src={renditionUrl(version.thumbnailUrl)}
                        alt=""
                        width="8"
                        height="8"
                        objectFit="cover"
                        rounded="sm"
                      />
                    )}
                    <Text>{version.number}</Text>
                    {version.number === latest && <Badge colorPalette="teal">{t('versions.current')}</Badge>}
                  </HStack>
                </Table.Cell>
                <Table.Cell>{version.name || '—'}</Table.Cell>
                <Table.Cell>{t(`versions.category.${version.category}`)}</Table.Cell>
                <Table.Cell>{version.comment || '—'}</Table.Cell>
                <Table.Cell>{version.message || '—'}</Table.Cell>
                <Table.Cell fontFamily="mono" fontSize="xs">
                  {version.fileName}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {formatSize(version.size, language)}
                  {version.metadataOnly && (
                    <Text fontSize="xs" color="fg.muted">
                      {t('versions.metadataOnly')}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">
                  {formatDate(version.dateEntered, language)}
                  {version.createdBy && (
                    <Text fontSize="xs" color="fg.muted">
                      {version.createdBy}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>{t(`versions.state.${version.state}`)}</Table.Cell>
                <Table.Cell>
                  {version.number !== latest && (
                    <Button
                      size="xs"
                      variant="outline"
                      disabled={!editable}
                      onClick={() => {
                        restore.reset();
                        setRestoring(version.number);
                      }}
                    >
                      {t('versions.restore')}
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <ConfirmDialog
        open={restoring !== null}
        title={t('versions.restore')}
        body={t('versions.restoreConfirm', { number: restoring ?? 0 })}
        confirmLabel={t('versions.restore')}
        busy={restore.isPending}
        error={restore.error ?? undefined}
        onConfirm={() => restoring !== null && restore.mutate(restoring)}
        onClose={() => setRestoring(null)}
      />
    </Stack>
  );
}
