import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import type { PopupClient } from '../client/popup-client.ts';
import { forgetSite, loadSites, type Site } from '../site-decisions.ts';

/** The sites the user allowed or denied, each with a way to forget the decision (the site is then asked again). */
export function SitePermissions({ client, connected }: { client: PopupClient; connected: boolean }) {
  const [sites, setSites] = useState<Site[]>();
  const [problem, setProblem] = useState<string>();

  const reload = useCallback(async () => {
    try {
      setSites(await loadSites(client));
      setProblem(undefined);
    } catch (error) {
      setProblem((error as Error).message);
    }
  }, [client]);

  useEffect(() => {
    if (connected) void reload();
  }, [connected, reload]);

  const forget = async (origin: string) => {
    try {
      await forgetSite(client, origin);
    } catch (error) {
      setProblem((error as Error).message);
    }
    await reload();
  };

  if (!connected) return null;
  return (
    <Stack gap="2" as="section" aria-label="Sites">
      <Heading size="sm">Sites</Heading>
      {sites?.length === 0 && (
        <Text color="fg.muted" fontSize="sm" data-testid="no-sites">
          No site has been allowed or denied yet.
        </Text>
      )}
      {sites && sites.length > 0 && (
        <Box as="ul" display="flex" flexDirection="column" gap="1" p="0" m="0">
          {sites.map((site) => (
            <HStack as="li" key={site.origin} justify="space-between" data-testid="site">
              <Text fontSize="sm" truncate title={site.origin}>
                {site.origin}
              </Text>
              <HStack gap="2">
                <Badge colorPalette={site.allowed ? 'green' : 'red'}>
                  {site.allowed ? 'Allowed' : 'Denied'}
                </Badge>
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`Forget ${site.origin}`}
                  onClick={() => void forget(site.origin)}
                >
                  Forget
                </Button>
              </HStack>
            </HStack>
          ))}
        </Box>
      )}
      {problem && (
        <Text role="alert" fontSize="sm">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
