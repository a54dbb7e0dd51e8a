import { Card, Center, DataList, Grid, Image, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { compareVersions } from '../../../../api/contract/versions-endpoints.ts';
import type { versionSchema } from '../../../../api/versions.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { renditionUrl } from '../../asset-widgets/asset-preview.tsx';
import { ErrorAlert, Notice } from '../../components/feedback.tsx';
import { formatDate } from '../../components/format-date.ts';
import { formatSize } from '../../components/format-size.ts';
import { Link } from '../../components/link.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { ID } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { useAsset } from './asset-queries.ts';
import { metadataText } from './metadata-value.ts';

export const screen = defineScreen('compare', {
  codec: {
    parse: ({ path: at, query }) => {
      const match = /^\/asset\/([^/]+)\/compare$/.exec(at);
      const [id, left, right] = [match?.[1] ?? '', query.get('left') ?? '', query.get('right') ?? ''];
      return ID.test(id) && ID.test(left) && ID.test(right)
        ? { id: Number(id), left: Number(left), right: Number(right) }
        : undefined;
    },
    href: ({ id, left, right }) => `#/asset/${id}/compare?left=${left}&right=${right}`,
  },
});
export const draw: Draw<'compare'> = (route) => (
  <CompareScreen id={route.id} left={route.left} right={route.right} />
);

type Version = z.infer<typeof versionSchema>;

/** Version compare (R-SCREEN-LABELS): two versions side by side, their renditions and the metadata that differs. */
export function CompareScreen({ id, left, right }: { id: number; left: number; right: number }) {
  const { t } = usePreferences();
  const asset = useAsset(id);
  const compare = useQuery({
    queryKey: ['asset', id, 'compare', left, right],
    queryFn: ({ signal }) =>
      api.call(compareVersions, { params: { id }, query: { a: left, b: right }, signal }),
    retry: false,
  });
  return (
    <Stack gap="5">
      <ScreenHeader
        title={t('compare.title', { left, right })}
        intro={asset.data?.name}
        actions={<Link to={{ name: 'asset', id, tab: 'versions' }}>{t('compare.back')}</Link>}
      />
      {compare.isPending && <Skeleton height="80" aria-busy="true" aria-label={t('app.loading')} />}
      {compare.isError && <ErrorAlert error={compare.error} />}
      {compare.data && (
        <>
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            <VersionCard version={compare.data.a} side={t('compare.left')} />
            <VersionCard version={compare.data.b} side={t('compare.right')} />
          </Grid>
          <Stack gap="2">
            <Text as="h2" fontWeight="semibold" fontSize="lg">
              {t('compare.differences')}
            </Text>
            {compare.data.differences.length === 0 ? (
              <Notice>{t('compare.same')}</Notice>
            ) : (
              <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0}>
                <Table.Root size="sm">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader>{t('assets.metadataField')}</Table.ColumnHeader>
                      <Table.ColumnHeader>
                        {t('compare.versionN', { number: compare.data.a.number })}
                      </Table.ColumnHeader>
                      <Table.ColumnHeader>
                        {t('compare.versionN', { number: compare.data.b.number })}
                      </Table.ColumnHeader>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {compare.data.differences.map((difference) => (
                      <Table.Row key={difference.field}>
                        <Table.Cell fontFamily="mono">{difference.field}</Table.Cell>
                        <Table.Cell wordBreak="break-word">{metadataText(difference.a)}</Table.Cell>
                        <Table.Cell wordBreak="break-word">{metadataText(difference.b)}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function VersionCard({ version, side }: { version: Version; side: string }) {
  const { t, language } = usePreferences();
  return (
    <Card.Root size="sm">
      <Card.Header>
        <Card.Title as="h2">
          {side}: {t('compare.versionN', { number: version.number })}
          {version.name ? ` — ${version.name}` : ''}
        </Card.Title>
      </Card.Header>
      <Card.Body gap="3">
        <Center bg="bg.muted" rounded="md" minHeight="40" overflow="hidden">
          {version.thumbnailUrl ? (
            <Image
              src={renditionUrl(version.thumbnailUrl)}
              alt={t('compare.renditionOf', { number: version.number })}
              maxHeight="64"
            />
          ) : (
            <Text color="fg.muted">{t('assets.previewNone')}</Text>
          )}
        </Center>
        <DataList.Root orientation="horizontal" size="sm">
          {(
            [
              [t('versions.category'), t(`versions.category.${version.category}`)],
              [t('versions.comment'), version.comment || '—'],
              [t('versions.message'), version.message || '—'],
              [t('assets.field.fileName'), version.fileName],
              [t('assets.field.size'), formatSize(version.size, language)],
              [t('versions.dateEntered'), formatDate(version.dateEntered, language)],
              [t('versions.by'), version.createdBy ?? '—'],
            ] as const
          ).map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
