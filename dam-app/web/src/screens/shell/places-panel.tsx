import { Box, Heading, Skeleton, Stack } from '@chakra-ui/react';
import type { SessionView } from '../../../../api/accounts.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { useRoute } from '../../app/use-route.ts';
import { ErrorAlert } from '../../components/feedback.tsx';
import { usePlacesTree } from '../browse/browse-queries.ts';
import { PlacesTree } from '../browse/places-tree.tsx';

/** The Places panel (R-SCREEN-LABELS): the current ACL's folders as a tree, the folder shown highlighted. */
export function PlacesPanel({ session }: { session: SessionView }) {
  const { t } = usePreferences();
  const route = useRoute();
  const usable = session.acl !== null && !session.aclRootMissing;
  const tree = usePlacesTree(usable);
  return (
    <Box
      as="nav"
      aria-labelledby="places-heading"
      width={{ base: '48', lg: '64' }}
      flexShrink={0}
      borderEndWidth="1px"
      bg="dam.panel"
      px="3"
      py="4"
      display={{ base: 'none', md: 'block' }}
    >
      {/* The list scrolls with the page; the tree stays in view. */}
      <Box position="sticky" top="3" maxHeight="calc(100dvh - 1.5rem)" overflowY="auto">
        <Heading as="h2" id="places-heading" size="sm" mb="3" px="1">
          {t('shell.places')}
        </Heading>
        {!usable ? null : tree.isPending ? (
          <Stack gap="2" aria-busy="true" aria-label={t('app.loading')}>
            <Skeleton height="6" />
            <Skeleton height="6" width="80%" />
            <Skeleton height="6" width="60%" />
          </Stack>
        ) : tree.isError ? (
          <ErrorAlert error={tree.error} />
        ) : (
          <PlacesTree
            session={session}
            data={tree.data}
            currentId={
              route.name === 'folder' ? route.id : route.name === 'home' ? tree.data.root.id : undefined
            }
          />
        )}
      </Box>
    </Box>
  );
}
