import { Box, Heading, Link, List, Text } from '@chakra-ui/react';
import type { InstallLink } from '@rapid/protocol';
import { useEffect, useState } from 'react';
import type { MessageKey } from '../i18n/messages-en.ts';
import type { Translate } from '../i18n/translate.ts';
import { askClientVersion, checkExtension, loadDownloads } from './diagnose.ts';

type Check = 'checking' | 'ok' | 'no';

/** Manifest link rels the page names in the visitor's language; any other link keeps the manifest's title. */
const LINK_LABELS: Record<string, MessageKey> = {
  enclosure: 'ts.link.installer',
  documentation: 'ts.link.documentation',
  'extension-chromium': 'ts.link.chromium',
  'extension-firefox': 'ts.link.firefox',
};

interface Findings {
  extension: Check;
  client: Check;
  version: string;
  downloads: InstallLink[];
}

/** The troubleshoot page the banner's Troubleshoot button opens: live checks, then this computer's downloads. */
export function TroubleshootPage({ t, supportedBrowser }: { t: Translate; supportedBrowser: boolean }) {
  const [findings, setFindings] = useState<Findings>({
    extension: 'checking',
    client: 'checking',
    version: '',
    downloads: [],
  });
  useEffect(() => {
    void (async () => {
      const downloads = await loadDownloads(location.href, navigator.platform).catch(() => []);
      const extension = await checkExtension(window, 1500);
      setFindings((now) => ({ ...now, downloads, extension: extension ? 'ok' : 'no' }));
      const version = extension ? await askClientVersion(window, 5000) : undefined;
      setFindings((now) => ({ ...now, client: version ? 'ok' : 'no', version: version ?? '' }));
    })();
  }, []);

  const line = (check: Check, ok: MessageKey, no: MessageKey) =>
    check === 'checking' ? t('ts.checking') : t(check === 'ok' ? ok : no, { version: findings.version });
  return (
    <Box as="main" maxW="40rem" mx="auto" my="8" px="6" color="#161616">
      <Heading as="h1" size="xl" mb="2">
        {t('ts.title')}
      </Heading>
      <Text mb="4">{t('ts.intro')}</Text>
      <List.Root as="ul" gap="2" mb="6" aria-live="polite">
        <List.Item>{t(supportedBrowser ? 'ts.browser.ok' : 'ts.browser.no')}</List.Item>
        <List.Item>{line(findings.extension, 'ts.extension.ok', 'ts.extension.no')}</List.Item>
        <List.Item>{line(findings.client, 'ts.client.ok', 'ts.client.no')}</List.Item>
      </List.Root>
      {findings.downloads.length > 0 && (
        <>
          <Heading as="h2" size="md" mb="2">
            {t('ts.downloads')}
          </Heading>
          <List.Root as="ul" gap="1" mb="6">
            {findings.downloads.map((link) => (
              <List.Item key={link.rel}>
                <Link href={link.hrefAbsolute ?? link.href} color="#0f62fe" textDecoration="underline">
                  {link.rel in LINK_LABELS ? t(LINK_LABELS[link.rel] as MessageKey) : link.title}
                </Link>
              </List.Item>
            ))}
          </List.Root>
        </>
      )}
      <Link
        href="#"
        color="#0f62fe"
        textDecoration="underline"
        onClick={(event) => {
          event.preventDefault();
          history.back();
        }}
      >
        {t('ts.back')}
      </Link>
    </Box>
  );
}
