import {
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
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import {
  openPortal,
  portalFavicon,
  portalFile,
  portalLogo,
  portalRapidDone,
  portalRapidSpec,
  portalRendition,
  portalThumbnail,
  portalZip,
  unlockPortal,
} from '../../../../api/contract/portals-endpoints.ts';
import type { PublicPortal } from '../../../../api/portals.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { formatDate } from '../../components/format-date.ts';
import { defineScreen } from '../../router/define-screen.ts';
import { prefixed } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { FileCard, TermsToAccept, useVisit, VisitFrame, VisitGate } from '../visitors/visitor-page.tsx';

// The SDK (Connect, the installer banner) is its own chunk, shared with the share page's button.
const RapidButton = lazy(() =>
  import('../visitors/rapid-button.tsx').then((module) => ({ default: module.RapidButton })),
);

export const screen = defineScreen('portal', {
  codec: prefixed('portal=', 'token', (token) => /^[A-Za-z0-9_-]{10,100}$/.test(token)),
  access: 'public',
});
export const draw: Draw<'portal'> = (route) => <PortalVisitorScreen token={route.token} />;

type Open = Extract<PublicPortal, { locked: false }>;

/**
 * A portal as a visitor without an account sees it at `#portal=<token>` (R-PORTAL): the password first when there is
 * one, then its name and description, its terms to accept before any download, a search within the portal, and its
 * assets to download one by one. An expired or unpublished portal shows its state only (R-PORTAL-STATES).
 */
export function PortalVisitorScreen({ token }: { token: string }) {
  const { t } = usePreferences();
  const [search, setSearch] = useState('');
  const visit = useVisit({
    queryKey: ['portal', token, search],
    open: (grant, signal) =>
      api.call(openPortal, {
        params: { token },
        query: { ...(grant ? { grant } : {}), ...(search ? { q: search } : {}) },
        signal,
      }),
    unlock: (body) => api.call(unlockPortal, { params: { token }, body }),
    termsOf: (portal) => portal.terms,
    keepPrevious: true,
  });
  const data = visit.query.data;
  if (!data || data.locked || visit.query.isError)
    return <VisitGate title={t('portal.title')} intro={t('portal.passwordIntro')} visit={visit} />;
  return (
    <OpenPortal
      token={token}
      portal={data}
      grant={visit.grant}
      search={search}
      onSearch={setSearch}
      accepting={visit.unlock.isPending}
      acceptError={visit.unlock.error}
      onAccept={() => visit.unlock.mutate(true)}
      onCounted={() => void visit.query.refetch()}
    />
  );
}

/** The portal's favicon in the tab while its page is open (R-PORTAL-IMAGES); the app's own comes back after. */
function usePortalFavicon(href: string | undefined) {
  useEffect(() => {
    if (!href) return;
    const link = document.createElement('link');
    link.rel = 'icon';
    link.href = href;
    link.dataset.portal = 'true';
    document.head.append(link);
    return () => link.remove();
  }, [href]);
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
  onCounted(): void;
}) {
  const { t, language } = usePreferences();
  const { token, portal, grant } = props;
  const [typed, setTyped] = useState(props.search);
  const query = grant ? { grant } : {};
  const item = (assetId: number) => ({ params: { token, assetId }, query });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSearch(typed.trim());
  };
  const exhausted = portal.downloadsLeft === 0;
  const [chosen, setChosen] = useState<number[]>([]);
  usePortalFavicon(portal.hasFavicon ? api.url(portalFavicon, { params: { token } }) : undefined);
  const mayDownload = portal.accepted && !exhausted;
  const zipUrl = (ids?: number[]) =>
    api.url(portalZip, { params: { token }, query: { ...query, ...(ids ? { ids: ids.join(',') } : {}) } });
  const banner = portal.hasLogo ? (
    <Image
      src={api.url(portalLogo, { params: { token } })}
      alt={t('portal.logoOf', { name: portal.name })}
      maxH="12"
      maxW="48"
      objectFit="contain"
      data-testid="portal-logo"
    />
  ) : undefined;
  return (
    <VisitFrame maxW="6xl" banner={banner}>
      <Heading as="h1" size="2xl">
        {portal.name}
      </Heading>
      {portal.description && <Text whiteSpace="pre-wrap">{portal.description}</Text>}
      <Text color="fg.muted">
        {t('portal.summary', { count: portal.total, date: formatDate(portal.expiresAt, language) })}
        {portal.downloadsLeft !== null && ` ${t('share.downloadsLeft', { count: portal.downloadsLeft })}`}
      </Text>
      {!portal.accepted && portal.terms !== '' && (
        <TermsToAccept
          heading={t('portal.terms')}
          text={portal.terms}
          testId="portal-terms"
          error={props.acceptError}
          accepting={props.accepting}
          onAccept={props.onAccept}
        />
      )}
      {mayDownload && portal.items.length > 0 && (
        <Flex gap="3" wrap="wrap" align="center">
          <Button asChild colorPalette="teal">
            <a href={zipUrl()} download>
              {t('portal.downloadAll')}
            </a>
          </Button>
          {chosen.length > 0 && (
            <Button asChild variant="outline" colorPalette="teal">
              <a href={zipUrl(chosen)} download>
                {t('portal.downloadChosen', { count: chosen.length })}
              </a>
            </Button>
          )}
          <Text color="fg.muted" fontSize="sm">
            {t('portal.zipCounts')}
          </Text>
        </Flex>
      )}
      {mayDownload && portal.items.some((file) => file.downloads.includes('original')) && (
        <Suspense fallback={null}>
          {/* The chosen assets when some are ticked, else all of the page's, as the zip (R-PORTAL-RAPID). */}
          <RapidButton
            spec={() =>
              api.call(portalRapidSpec, {
                params: { token },
                query: { ...query, ...(chosen.length > 0 ? { ids: chosen.join(',') } : {}) },
              })
            }
            done={(cookie) => api.call(portalRapidDone, { params: { token }, query, body: { cookie } })}
            onCounted={props.onCounted}
          />
        </Suspense>
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
            <FileCard key={file.id} file={file} thumbnailUrl={api.url(portalThumbnail, item(file.id))}>
              {mayDownload && (
                <HStack justify="space-between" gap="2">
                  <Stack gap="0">
                    {file.downloads.map((what) =>
                      what === 'original' ? (
                        <Link
                          key={what}
                          href={api.url(portalFile, item(file.id))}
                          download
                          fontSize="sm"
                          aria-label={t('share.downloadOne', { name: file.fileName })}
                        >
                          {t('share.download')}
                        </Link>
                      ) : (
                        <Link
                          key={what}
                          href={api.url(portalRendition, {
                            params: { token, assetId: file.id, name: what },
                            query,
                          })}
                          download
                          fontSize="sm"
                          aria-label={t('portal.downloadRendition', {
                            what: t(`portals.rendition.${what}`),
                            name: file.fileName,
                          })}
                        >
                          {t(`portals.rendition.${what}`)}
                        </Link>
                      ),
                    )}
                  </Stack>
                  <Checkbox.Root
                    size="sm"
                    checked={chosen.includes(file.id)}
                    onCheckedChange={(details) =>
                      setChosen((now) =>
                        details.checked === true ? [...now, file.id] : now.filter((id) => id !== file.id),
                      )
                    }
                  >
                    <Checkbox.HiddenInput aria-label={t('portal.choose', { name: file.fileName })} />
                    <Checkbox.Control />
                  </Checkbox.Root>
                </HStack>
              )}
            </FileCard>
          ))}
        </SimpleGrid>
      )}
      {portal.total > portal.items.length && (
        <Text color="fg.muted" fontSize="sm">
          {t('portal.more', { shown: portal.items.length, total: portal.total })}
        </Text>
      )}
    </VisitFrame>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
