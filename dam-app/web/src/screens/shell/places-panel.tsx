import { Box, Heading, Text } from '@chakra-ui/react';
import type { SessionView } from '../../../../api/accounts.ts';
import { usePreferences } from '../../app/preferences.tsx';

/**
 * The Places tree panel (spec §2). The folder tree needs the asset API; until then it shows the current ACL's root,
 * which is where the tree will start.
 */
export function PlacesPanel({ session }: { session: SessionView }) {
  const { t } = usePreferences();
  return (
    <Box
      as="nav"
      aria-labelledby="places-heading"
      width={{ base: '48', lg: '64' }}
      flexShrink={0}
      borderEndWidth="1px"
      bg="dam.panel"
      p="4"
      display={{ base: 'none', md: 'block' }}
    >
      <Heading as="h2" id="places-heading" size="sm" mb="3">
        {t('shell.places')}
      </Heading>
      {session.acl && (
        <Text fontSize="sm" fontFamily="mono" mb="2" wordBreak="break-all">
          {t('shell.placesRoot', { path: session.acl.rootPath || '/' })}
        </Text>
      )}
      <Text fontSize="sm" color="fg.muted">
        {t('shell.placesEmpty')}
      </Text>
    </Box>
  );
}
