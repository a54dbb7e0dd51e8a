import { Button, Flex, Heading, Image, Link, SimpleGrid, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import {
  openShare,
  shareFile,
  sharePreview,
  shareRapidDone,
  shareRapidSpec,
  shareThumbnail,
  shareZip,
  unlockShare,
} from '../../../../api/contract/shares-endpoints.ts';
import type { PublicShare } from '../../../../api/shares.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { Notice } from '../../components/feedback.tsx';
import { formatDate } from '../../components/format-date.ts';
import { formatSize } from '../../components/format-size.ts';
import { Modal } from '../../components/modal.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { prefixed } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { FileCard, TermsToAccept, useVisit, VisitFrame, VisitGate } from '../visitors/visitor-page.tsx';

// The SDK (Connect, the installer banner) is its own chunk: it loads once the share is open to download.
const RapidButton = lazy(() =>
  import('../visitors/rapid-button.tsx').then((module) => ({ default: module.RapidButton })),
);

export const screen = defineScreen('share', {
  codec: prefixed('share=', 'token', (token) => /^[A-Za-z0-9_-]{10,100}$/.test(token)),
  access: 'public',
});
export const draw: Draw<'share'> = (route) => <ShareRecipientScreen token={route.token} />;

type Open = Extract<PublicShare, { locked: false }>;

/**
 * What a person without an account sees from a share link `#share=<token>`: the password first when there is one
 * (nothing of the share before it), the licensing text to accept, the files' thumbnails and previews, and downloads
 * of each file or of all of them as one zip. An expired, revoked or exhausted share shows its spec text only.
 */
export function ShareRecipientScreen({ token }: { token: string }) {
  const { t } = usePreferences();
  const visit = useVisit({
    queryKey: ['share', token],
    open: (grant, signal) =>
      api.call(openShare, { params: { token }, query: grant ? { grant } : {}, signal }),
    unlock: (body) => api.call(unlockShare, { params: { token }, body }),
    termsOf: (share) => share.licensingText,
  });
  const data = visit.query.data;
  if (!data || data.locked || visit.query.isError)
    return <VisitGate title={t('share.title')} intro={t('share.passwordIntro')} visit={visit} />;
  return (
    <OpenShare
      token={token}
      share={data}
      grant={visit.grant}
      accepting={visit.unlock.isPending}
      acceptError={visit.unlock.error}
      onAccept={() => visit.unlock.mutate(true)}
      onCounted={() => void visit.query.refetch()}
    />
  );
}

function OpenShare(props: {
  token: string;
  share: Open;
  grant: string | undefined;
  accepting: boolean;
  acceptError: unknown;
  onAccept(): void;
  onCounted(): void;
}) {
  const { t, language } = usePreferences();
  const { token, share, grant } = props;
  const [previewing, setPreviewing] = useState<Open['items'][number] | null>(null);
  const query = grant ? { grant } : {};
  const item = (assetId: number) => ({ params: { token, assetId }, query });
  return (
    <VisitFrame maxW="5xl">
      <Heading as="h1" size="2xl">
        {share.name}
      </Heading>
      {share.message && <Text whiteSpace="pre-wrap">{share.message}</Text>}
      <Text color="fg.muted">
        {t('share.summary', {
          count: share.items.length,
          size: formatSize(share.totalSize, language),
          date: formatDate(share.expiresAt, language),
        })}
        {share.downloadsLeft !== null && ` ${t('share.downloadsLeft', { count: share.downloadsLeft })}`}
      </Text>
      {share.goneCount > 0 && <Notice status="warning">{t('share.gone', { count: share.goneCount })}</Notice>}
      {!share.accepted && share.licensingText !== '' && (
        <TermsToAccept
          heading={t('share.licence')}
          text={share.licensingText}
          testId="licensing-text"
          error={props.acceptError}
          accepting={props.accepting}
          onAccept={props.onAccept}
        />
      )}
      {share.accepted && share.items.length > 0 && (
        <Flex gap="3" wrap="wrap" align="center">
          <Button asChild colorPalette="teal">
            <a href={api.url(shareZip, { params: { token }, query })} download>
              {t('share.downloadAll', { size: formatSize(share.totalSize, language) })}
            </a>
          </Button>
          <Text color="fg.muted" fontSize="sm">
            {t('share.countsWhen')}
          </Text>
        </Flex>
      )}
      {share.accepted && share.items.length > 0 && (
        <Suspense fallback={null}>
          <RapidButton
            spec={() => api.call(shareRapidSpec, { params: { token }, query })}
            done={(cookie) => api.call(shareRapidDone, { params: { token }, query, body: { cookie } })}
            onCounted={props.onCounted}
          />
        </Suspense>
      )}
      <SimpleGrid
        as="ul"
        listStyleType="none"
        columns={{ base: 2, md: 3, lg: 4 }}
        gap="4"
        aria-label={t('share.files')}
      >
        {share.items.map((file) => (
          <FileCard
            key={file.id}
            file={file}
            thumbnailUrl={api.url(shareThumbnail, item(file.id))}
            onPreview={() => setPreviewing(file)}
          >
            {share.accepted && (
              <Link
                href={api.url(shareFile, item(file.id))}
                download
                fontSize="sm"
                aria-label={t('share.downloadOne', { name: file.fileName })}
              >
                {t('share.download')}
              </Link>
            )}
          </FileCard>
        ))}
      </SimpleGrid>
      <Modal
        open={previewing !== null}
        onClose={() => setPreviewing(null)}
        title={previewing?.fileName ?? ''}
        size="lg"
        closeButton
        footer={<Button onClick={() => setPreviewing(null)}>{t('app.close')}</Button>}
      >
        {previewing && (
          <Image
            src={api.url(sharePreview, item(previewing.id))}
            alt={previewing.fileName}
            maxH="70vh"
            mx="auto"
          />
        )}
      </Modal>
    </VisitFrame>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
