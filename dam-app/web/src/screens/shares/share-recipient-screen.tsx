import {
  Box,
  Button,
  Checkbox,
  Flex,
  Heading,
  HStack,
  Image,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import {
  openShare,
  shareFile,
  sharePreview,
  shareThumbnail,
  shareZip,
  unlockShare,
} from '../../../../api/contract/shares-endpoints.ts';
import type { PublicShare } from '../../../../api/shares.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert, Notice } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { formatDate } from '../../components/format-date.ts';
import { formatSize } from '../../components/format-size.ts';
import { Modal } from '../../components/modal.tsx';
import { PageCard } from '../../components/page-card.tsx';
import { PreferencePickers } from '../../components/preference-pickers.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { prefixed } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';

// The SDK (Connect, the installer banner) is its own chunk: it loads once the share is open to download.
const ShareRapidButton = lazy(() =>
  import('./share-rapid-button.tsx').then((module) => ({ default: module.ShareRapidButton })),
);

export const screen = defineScreen('share', {
  codec: prefixed('share=', 'token', (token) => /^[A-Za-z0-9_-]{10,100}$/.test(token)),
  access: 'public',
});
export const draw: Draw<'share'> = (route) => <ShareRecipientScreen token={route.token} />;

type Open = Extract<PublicShare, { locked: false }>;

/** The page is not indexed and sends no referrer (the token is in the address's hash, which none carries anyway). */
function usePrivatePage() {
  useEffect(() => {
    const added = [
      ['robots', 'noindex, nofollow'],
      ['referrer', 'no-referrer'],
    ].map(([name, content]) => {
      const meta = document.createElement('meta');
      meta.name = name as string;
      meta.content = content as string;
      document.head.append(meta);
      return meta;
    });
    return () => {
      for (const meta of added) meta.remove();
    };
  }, []);
}

/**
 * What a person without an account sees from a share link `#share=<token>`: the password first when there is one
 * (nothing of the share before it), the licensing text to accept, the files' thumbnails and previews, and downloads
 * of each file or of all of them as one zip. An expired, revoked or exhausted share shows its spec text only.
 */
export function ShareRecipientScreen({ token }: { token: string }) {
  const { t } = usePreferences();
  usePrivatePage();
  const [grant, setGrant] = useState<string | undefined>();
  const [password, setPassword] = useState('');
  const share = useQuery({
    queryKey: ['share', token, grant ?? ''],
    queryFn: ({ signal }) =>
      api.call(openShare, { params: { token }, query: grant ? { grant } : {}, signal }),
    retry: false,
  });
  const unlock = useMutation({
    mutationFn: (accept: boolean) =>
      api.call(unlockShare, { params: { token }, body: { ...(password ? { password } : {}), accept } }),
    onSuccess: (answer) => setGrant(answer.grant),
  });
  const data = share.data;
  // A share with no licensing text and no password: the page takes its download grant at once.
  const needsGrant = data && !data.locked && !data.accepted && data.licensingText === '' && !unlock.isPending;
  useEffect(() => {
    if (needsGrant && !unlock.isError) unlock.mutate(true);
  }, [needsGrant, unlock]);

  if (share.isError)
    return (
      <PageCard title={t('share.title')}>
        <ErrorAlert error={share.error} />
      </PageCard>
    );
  if (!data) return <PageCard title={t('share.title')}>{t('app.loading')}</PageCard>;
  if (data.locked)
    return (
      <PageCard
        title={t('share.title')}
        intro={t('share.passwordIntro')}
        onSubmit={() => unlock.mutate(false)}
      >
        <ErrorAlert error={unlock.error} />
        <FormField
          label={t('share.password')}
          name="password"
          type="password"
          autoComplete="off"
          value={password}
          onValue={setPassword}
          required
        />
        <SubmitButton loading={unlock.isPending}>{t('share.open')}</SubmitButton>
      </PageCard>
    );
  return (
    <OpenShare
      token={token}
      share={data}
      grant={grant}
      accepting={unlock.isPending}
      acceptError={unlock.error}
      onAccept={() => unlock.mutate(true)}
      onCounted={() => void share.refetch()}
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
  const [agreed, setAgreed] = useState(false);
  const [previewing, setPreviewing] = useState<Open['items'][number] | null>(null);
  const query = grant ? { grant } : {};
  const item = (assetId: number) => ({ params: { token, assetId }, query });
  return (
    <Box maxW="5xl" mx="auto" p={{ base: '4', md: '8' }}>
      <Flex as="header" justify="flex-end" mb="3">
        <PreferencePickers />
      </Flex>
      <Stack gap="5" as="main">
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
        {share.goneCount > 0 && (
          <Notice status="warning">{t('share.gone', { count: share.goneCount })}</Notice>
        )}
        {!share.accepted && share.licensingText !== '' && (
          <Stack gap="3" borderWidth="1px" rounded="md" p="4" as="section" aria-labelledby="licence-heading">
            <Heading as="h2" size="md" id="licence-heading">
              {t('share.licence')}
            </Heading>
            <Text whiteSpace="pre-wrap" data-testid="licensing-text">
              {share.licensingText}
            </Text>
            <ErrorAlert error={props.acceptError} />
            <Checkbox.Root
              checked={agreed}
              onCheckedChange={(details) => setAgreed(details.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('share.agree')}</Checkbox.Label>
            </Checkbox.Root>
            <HStack>
              <Button
                colorPalette="teal"
                disabled={!agreed}
                loading={props.accepting}
                onClick={props.onAccept}
              >
                {t('share.accept')}
              </Button>
            </HStack>
          </Stack>
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
            <ShareRapidButton token={token} grant={grant} onCounted={props.onCounted} />
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
            <Stack as="li" key={file.id} gap="2" borderWidth="1px" rounded="md" p="3">
              {file.thumbnail ? (
                <Button
                  variant="ghost"
                  h="auto"
                  p="0"
                  aria-label={t('share.previewOf', { name: file.fileName })}
                  onClick={() => setPreviewing(file)}
                  disabled={!file.preview}
                >
                  <Image src={api.url(shareThumbnail, item(file.id))} alt="" maxH="40" objectFit="contain" />
                </Button>
              ) : (
                <Box h="24" bg="bg.muted" rounded="sm" />
              )}
              <Text fontSize="sm" fontWeight="medium" wordBreak="break-all">
                {file.fileName}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {formatSize(file.size, language)}
              </Text>
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
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
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
    </Box>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
