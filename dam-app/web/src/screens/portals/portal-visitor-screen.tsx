import {
  Box,
  Button,
  Checkbox,
  Flex,
  Heading,
  HStack,
  Image,
  Input,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import {
  openPortal,
  portalFile,
  portalThumbnail,
  unlockPortal,
} from '../../../../api/contract/portals-endpoints.ts';
import type { PublicPortal } from '../../../../api/portals.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { formatDate } from '../../components/format-date.ts';
import { formatSize } from '../../components/format-size.ts';
import { PageCard } from '../../components/page-card.tsx';
import { PreferencePickers } from '../../components/preference-pickers.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { prefixed } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';

export const screen = defineScreen('portal', {
  codec: prefixed('portal=', 'token', (token) => /^[A-Za-z0-9_-]{10,100}$/.test(token)),
  access: 'public',
});
export const draw: Draw<'portal'> = (route) => <PortalVisitorScreen token={route.token} />;

type Open = Extract<PublicPortal, { locked: false }>;

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
 * A portal as a visitor without an account sees it at `#portal=<token>` (R-PORTAL): the password first when there is
 * one, then its name and description, its terms to accept before any download, a search within the portal, and its
 * assets to download one by one. An expired or unpublished portal shows its state only (R-PORTAL-STATES).
 */
export function PortalVisitorScreen({ token }: { token: string }) {
  const { t } = usePreferences();
  usePrivatePage();
  const [grant, setGrant] = useState<string | undefined>();
  const [password, setPassword] = useState('');
  const [search, setSearch] = useState('');
  const portal = useQuery({
    queryKey: ['portal', token, grant ?? '', search],
    queryFn: ({ signal }) =>
      api.call(openPortal, {
        params: { token },
        query: { ...(grant ? { grant } : {}), ...(search ? { q: search } : {}) },
        signal,
      }),
    retry: false,
    placeholderData: keepPreviousData,
  });
  const unlock = useMutation({
    mutationFn: (accept: boolean) =>
      api.call(unlockPortal, { params: { token }, body: { ...(password ? { password } : {}), accept } }),
    onSuccess: (answer) => setGrant(answer.grant),
  });
  const data = portal.data;
  // No terms and no password: the page takes its download grant at once.
  const needsGrant = data && !data.locked && !data.accepted && data.terms === '' && !unlock.isPending;
  useEffect(() => {
    if (needsGrant && !unlock.isError) unlock.mutate(true);
  }, [needsGrant, unlock]);

  if (portal.isError)
    return (
      <PageCard title={t('portal.title')}>
        <ErrorAlert error={portal.error} />
      </PageCard>
    );
  if (!data) return <PageCard title={t('portal.title')}>{t('app.loading')}</PageCard>;
  if (data.locked)
    return (
      <PageCard
        title={t('portal.title')}
        intro={t('portal.passwordIntro')}
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
    <OpenPortal
      token={token}
      portal={data}
      grant={grant}
      search={search}
      onSearch={setSearch}
      accepting={unlock.isPending}
      acceptError={unlock.error}
      onAccept={() => unlock.mutate(true)}
    />
  );
}

function OpenPortal(props: {
  token: string;
  portal: Open;
  grant: string | undefined;
  search: string;
  onSearch(q: string): void;
  accepting: boolean;
  acceptError: unknown;
  onAccept(): void;
}) {
  const { t, language } = usePreferences();
  const { token, portal, grant } = props;
  const [agreed, setAgreed] = useState(false);
  const [typed, setTyped] = useState(props.search);
  const query = grant ? { grant } : {};
  const item = (assetId: number) => ({ params: { token, assetId }, query });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSearch(typed.trim());
  };
  const exhausted = portal.downloadsLeft === 0;
  return (
    <Box maxW="6xl" mx="auto" p={{ base: '4', md: '8' }}>
      <Flex as="header" justify="flex-end" mb="3">
        <PreferencePickers />
      </Flex>
      <Stack gap="5" as="main">
        <Heading as="h1" size="2xl">
          {portal.name}
        </Heading>
        {portal.description && <Text whiteSpace="pre-wrap">{portal.description}</Text>}
        <Text color="fg.muted">
          {t('portal.summary', { count: portal.total, date: formatDate(portal.expiresAt, language) })}
          {portal.downloadsLeft !== null && ` ${t('share.downloadsLeft', { count: portal.downloadsLeft })}`}
        </Text>
        {!portal.accepted && portal.terms !== '' && (
          <Stack gap="3" borderWidth="1px" rounded="md" p="4" as="section" aria-labelledby="terms-heading">
            <Heading as="h2" size="md" id="terms-heading">
              {t('portal.terms')}
            </Heading>
            <Text whiteSpace="pre-wrap" data-testid="portal-terms">
              {portal.terms}
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
        <HStack as="form" role="search" aria-label={t('portal.search')} onSubmit={submit} gap="2" maxW="xl">
          <Input
            type="search"
            name="q"
            value={typed}
            aria-label={t('portal.search')}
            placeholder={t('portal.search')}
            onChange={(event) => setTyped(event.target.value)}
          />
          <Button type="submit" variant="outline">
            {t('portal.searchButton')}
          </Button>
        </HStack>
        {portal.items.length === 0 ? (
          <Text color="fg.muted">{t('portal.none')}</Text>
        ) : (
          <SimpleGrid
            as="ul"
            listStyleType="none"
            columns={{ base: 2, md: 3, lg: 4 }}
            gap="4"
            aria-label={t('portal.assets')}
          >
            {portal.items.map((file) => (
              <Stack as="li" key={file.id} gap="2" borderWidth="1px" rounded="md" p="3">
                {file.thumbnail ? (
                  <Image src={api.url(portalThumbnail, item(file.id))} alt="" maxH="40" objectFit="contain" />
                ) : (
                  <Box h="24" bg="bg.muted" rounded="sm" />
                )}
                <Text fontSize="sm" fontWeight="medium" wordBreak="break-all">
                  {file.fileName}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {formatSize(file.size, language)}
                </Text>
                {portal.accepted && !exhausted && (
                  <Link
                    href={api.url(portalFile, item(file.id))}
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
        )}
        {portal.total > portal.items.length && (
          <Text color="fg.muted" fontSize="sm">
            {t('portal.more', { shown: portal.items.length, total: portal.total })}
          </Text>
        )}
      </Stack>
    </Box>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
