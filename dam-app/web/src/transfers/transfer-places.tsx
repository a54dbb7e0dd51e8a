import { Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import type { SessionView } from '../../../api/accounts.ts';
import { folderTree } from '../../../api/contract/folders-endpoints.ts';
import { api } from '../api/api-client.ts';
import { usePreferences } from '../app/preferences.tsx';
import { ErrorAlert } from '../components/feedback.tsx';
import { type MenuExtra, useBrowseExtensions } from '../screens/browse/browse-extensions.tsx';
import { transferApi } from './transfer-api.ts';

/**
 * The panel's own places: the ACL's folders as drop targets with their Folder Actions, and the carts with their
 * menu — a consumer of the same browse extension points the library screens use.
 */
export function TransferPlaces({ session }: { session: SessionView }) {
  const { t } = usePreferences();
  const extensions = useBrowseExtensions();
  const tree = useQuery({
    queryKey: ['folders', 'tree'],
    queryFn: ({ signal }) => api.call(folderTree, { signal }),
    enabled: session.acl !== null,
    refetchOnMount: 'always',
  });
  const carts = useQuery({
    queryKey: ['carts'],
    queryFn: () => transferApi().carts(),
    refetchOnMount: 'always',
  });
  const folders = tree.data ? [tree.data.root, ...tree.data.folders] : [];
  return (
    <Stack gap="3">
      <Heading as="h3" size="sm">
        {t('transfer.places')}
      </Heading>
      <Text fontSize="xs" color="fg.muted">
        {t('transfer.placesHint')}
      </Text>
      <Stack as="ul" gap="1" listStyleType="none">
        {folders.map((folder) => {
          const depth = folder.path.split('/').length - (tree.data?.root.path.split('/').length ?? 1);
          const target = extensions.folderDropTarget(folder);
          return (
            <Flex
              as="li"
              key={folder.id}
              {...target}
              data-folder-id={folder.id}
              data-drop-target={target?.['data-drop-target'] ? 'true' : undefined}
              align="center"
              justify="space-between"
              gap="2"
              ps={`${depth * 12 + 8}px`}
              pe="2"
              py="1"
              borderRadius="sm"
              borderWidth="1px"
              borderColor={target?.['data-drop-target'] ? 'teal.solid' : 'transparent'}
              bg={target?.['data-drop-target'] ? 'teal.subtle' : undefined}
            >
              <Flex gap="2" align="center" minWidth="0">
                <FolderIcon />
                <Text fontSize="sm" truncate>
                  {folder.name}
                </Text>
              </Flex>
              <ExtraButtons items={extensions.folderActionItems(folder)} />
            </Flex>
          );
        })}
      </Stack>
      <Heading as="h3" size="sm">
        {t('transfer.carts')}
      </Heading>
      <ErrorAlert error={carts.error ?? tree.error} />
      {carts.isSuccess && carts.data.length === 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('transfer.noCarts')}
        </Text>
      )}
      <Stack as="ul" gap="1" listStyleType="none">
        {(carts.data ?? []).map((cart) => (
          <Flex as="li" key={cart.id} align="center" justify="space-between" gap="2" px="2" py="1">
            <Box>
              <Text fontSize="sm">{cart.name}</Text>
              <Text fontSize="xs" color="fg.muted">
                {t('transfer.fileTotal', { count: cart.assetCount })}
              </Text>
            </Box>
            <ExtraButtons items={extensions.cartMenuItems(cart)} />
          </Flex>
        ))}
      </Stack>
    </Stack>
  );
}

function FolderIcon() {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="currentColor" opacity="0.7">
      <path d="M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />
    </svg>
  );
}

/** The entries the browse extensions add for a folder or a cart, as small buttons. */
function ExtraButtons({ items }: { items: readonly MenuExtra[] }) {
  return (
    <Flex gap="1">
      {items.map((item) => (
        <Button key={item.id} size="2xs" variant="outline" onClick={item.onSelect} disabled={item.disabled}>
          {item.label}
        </Button>
      ))}
    </Flex>
  );
}
