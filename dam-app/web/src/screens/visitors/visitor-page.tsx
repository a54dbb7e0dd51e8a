import { Box, Button, Checkbox, Flex, Heading, HStack, Image, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { formatSize } from '../../components/format-size.ts';
import { PageCard } from '../../components/page-card.tsx';
import { PreferencePickers } from '../../components/preference-pickers.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';

/**
 * What the share recipient's page and the portal visitor's page have in common: a person without an account opens an
 * address holding a token, gives the password when there is one, accepts the terms, and sees files as tiles.
 */

/** The page is not indexed and sends no referrer (the token is in the address's hash, which none carries anyway). */
export function usePrivatePage() {
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

type Opened = { locked: true } | { locked: false; accepted: boolean };

/**
 * The visit: the page's answer for the grant held so far, and the unlock that gives a grant (password, terms). With no
 * password and no terms the page takes its download grant at once.
 */
export function useVisit<T extends Opened>(options: {
  queryKey: unknown[];
  open(grant: string | undefined, signal: AbortSignal): Promise<T>;
  unlock(body: { password?: string; accept: boolean }): Promise<{ grant: string }>;
  termsOf(open: Extract<T, { locked: false }>): string;
  keepPrevious?: boolean;
}) {
  usePrivatePage();
  const [grant, setGrant] = useState<string | undefined>();
  const [password, setPassword] = useState('');
  const query = useQuery<T>({
    queryKey: [...options.queryKey, grant ?? ''],
    queryFn: ({ signal }) => options.open(grant, signal),
    retry: false,
    // A portal's search keeps the tiles shown while the next answer comes.
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
  const unlock = useMutation({
    mutationFn: (accept: boolean) => options.unlock({ ...(password ? { password } : {}), accept }),
    onSuccess: (answer) => setGrant(answer.grant),
  });
  const data = query.data;
  const needsGrant =
    data !== undefined &&
    !data.locked &&
    !data.accepted &&
    options.termsOf(data as Extract<T, { locked: false }>) === '' &&
    !unlock.isPending;
  useEffect(() => {
    if (needsGrant && !unlock.isError) unlock.mutate(true);
  }, [needsGrant, unlock]);
  return { query, unlock, grant, password, setPassword };
}

/** The page before it is open: loading, its error (an expired link says only that), or its password. */
export function VisitGate(props: {
  title: string;
  intro: string;
  visit: {
    query: { isError: boolean; error: unknown; data: unknown };
    unlock: { mutate(accept: boolean): void; error: unknown; isPending: boolean };
    password: string;
    setPassword(password: string): void;
  };
}) {
  const { t } = usePreferences();
  const { query, unlock } = props.visit;
  if (query.isError)
    return (
      <PageCard title={props.title}>
        <ErrorAlert error={query.error} />
      </PageCard>
    );
  if (!query.data) return <PageCard title={props.title}>{t('app.loading')}</PageCard>;
  return (
    <PageCard title={props.title} intro={props.intro} onSubmit={() => unlock.mutate(false)}>
      <ErrorAlert error={unlock.error} />
      <FormField
        label={t('share.password')}
        name="password"
        type="password"
        autoComplete="off"
        value={props.visit.password}
        onValue={props.visit.setPassword}
        required
      />
      <SubmitButton loading={unlock.isPending}>{t('share.open')}</SubmitButton>
    </PageCard>
  );
}

/** The open page's frame: the language and theme pickers, then the page's content as its main landmark. */
export function VisitFrame(props: { maxW: string; banner?: ReactNode; children: ReactNode }) {
  return (
    <Box maxW={props.maxW} mx="auto" p={{ base: '4', md: '8' }}>
      <Flex as="header" justify={props.banner ? 'space-between' : 'flex-end'} align="center" mb="3" gap="3">
        {props.banner}
        <PreferencePickers />
      </Flex>
      <Stack gap="5" as="main">
        {props.children}
      </Stack>
    </Box>
  );
}

/** Terms to read and accept before any download (a share's licensing text, a portal's terms). */
export function TermsToAccept(props: {
  heading: string;
  text: string;
  testId: string;
  error: unknown;
  accepting: boolean;
  onAccept(): void;
}) {
  const { t } = usePreferences();
  const [agreed, setAgreed] = useState(false);
  const id = `${props.testId}-heading`;
  return (
    <Stack gap="3" borderWidth="1px" rounded="md" p="4" as="section" aria-labelledby={id}>
      <Heading as="h2" size="md" id={id}>
        {props.heading}
      </Heading>
      <Text whiteSpace="pre-wrap" data-testid={props.testId}>
        {props.text}
      </Text>
      <ErrorAlert error={props.error} />
      <Checkbox.Root checked={agreed} onCheckedChange={(details) => setAgreed(details.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('share.agree')}</Checkbox.Label>
      </Checkbox.Root>
      <HStack>
        <Button colorPalette="teal" disabled={!agreed} loading={props.accepting} onClick={props.onAccept}>
          {t('share.accept')}
        </Button>
      </HStack>
    </Stack>
  );
}

/** A file's extension as a tile shows it ("PDF"); a dash when the name has none. */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const extension = dot > 0 ? fileName.slice(dot + 1) : '';
  return extension && extension.length <= 8 ? extension.toUpperCase() : '—';
}

/** A file with no thumbnail: a tile naming its type by its extension, not an empty grey box. */
export function FileTypeTile({ fileName }: { fileName: string }) {
  return (
    <Flex
      h="24"
      align="center"
      justify="center"
      rounded="sm"
      borderWidth="1px"
      bg="bg.subtle"
      data-testid="file-type-tile"
      aria-hidden
    >
      <Text fontSize="lg" fontWeight="bold" letterSpacing="wide" color="fg.muted">
        {extensionOf(fileName)}
      </Text>
    </Flex>
  );
}

/** One file as a tile: its thumbnail (a button to its preview when there is one) or its type, name, size, actions. */
export function FileCard(props: {
  file: { fileName: string; size: number; thumbnail: boolean; preview: boolean };
  thumbnailUrl: string;
  onPreview?: () => void;
  children?: ReactNode;
}) {
  const { t, language } = usePreferences();
  const { file } = props;
  const image = <Image src={props.thumbnailUrl} alt="" maxH="40" objectFit="contain" />;
  return (
    <Stack as="li" gap="2" borderWidth="1px" rounded="md" p="3">
      {!file.thumbnail ? (
        <FileTypeTile fileName={file.fileName} />
      ) : props.onPreview ? (
        <Button
          variant="ghost"
          h="auto"
          p="0"
          aria-label={t('share.previewOf', { name: file.fileName })}
          onClick={props.onPreview}
          disabled={!file.preview}
        >
          {image}
        </Button>
      ) : (
        image
      )}
      <Text fontSize="sm" fontWeight="medium" wordBreak="break-all">
        {file.fileName}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {formatSize(file.size, language)}
      </Text>
      {props.children}
    </Stack>
  );
}
