import { Box, Fieldset, HStack, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { copyAsset, moveAsset } from '../../../api/contract/assets-endpoints.ts';
import { copyFolder, moveFolder } from '../../../api/contract/folders-endpoints.ts';
import type { FolderView } from '../../../api/folders.ts';
import { api } from '../api/api-client.ts';
import { usePreferences } from '../app/preferences.tsx';
import { toaster } from '../app/toaster.tsx';
import { ErrorAlert, ListSkeleton } from '../components/feedback.tsx';
import { ActionDialog } from '../kit/action-dialog.tsx';
import { refreshAssets, useFolderTree } from '../screens/assets/asset-queries.ts';
import { depthBelow, destinationProblem, type MoveSource } from './destination-rules.ts';

type Mode = 'move' | 'copy';

/**
 * Move or Copy (R-SCREEN-LABELS, R-COPY-MOVE-DESTINATION): pick a folder of the current ACL's tree; folders the source may not go to are shown
 * but cannot be picked, with the reason. Takes asset ids (with the folder they are in, when one) or one folder.
 */
export function MoveCopyDialog(props: {
  open: boolean;
  assetIds?: readonly number[];
  /** The folder the assets are in, when they share one: it is not offered as a destination. */
  currentFolderId?: number | null;
  folder?: FolderView;
  /** The destination already chosen (assets dropped on a Places folder): the person confirms or picks another. */
  destinationId?: number;
  onClose(): void;
  onDone?(mode: Mode, destination: FolderView): void;
}) {
  const { t, message, spec } = usePreferences();
  const client = useQueryClient();
  const tree = useFolderTree(props.open);
  const [mode, setMode] = useState<Mode>('move');
  const [destinationId, setDestinationId] = useState<number | undefined>(props.destinationId);
  const [problem, setProblem] = useState<string | undefined>();
  const ids = props.assetIds ?? [];
  const source: MoveSource = props.folder
    ? { kind: 'folder', folder: props.folder }
    : { kind: 'assets', folderIds: props.currentFolderId ? [props.currentFolderId] : [] };
  const folders = tree.data ? [tree.data.root, ...tree.data.folders] : [];
  const destination = folders.find((each) => each.id === destinationId);

  const run = useMutation({
    mutationFn: async (target: FolderView) => {
      const body = { destinationId: target.id };
      if (props.folder) {
        await api.call(mode === 'move' ? moveFolder : copyFolder, { params: { id: props.folder.id }, body });
        return { done: 1, failed: [] as string[] };
      }
      const failed: string[] = [];
      let done = 0;
      for (const id of ids) {
        try {
          await api.call(mode === 'move' ? moveAsset : copyAsset, { params: { id }, body });
          done++;
        } catch (error) {
          failed.push(message((error as Error).message));
        }
      }
      return { done, failed };
    },
    onSuccess: ({ done, failed }, target) => {
      refreshAssets(client, ids);
      if (done > 0) {
        toaster.create({
          type: 'success',
          title: t(mode === 'move' ? 'moveCopy.moved' : 'moveCopy.copied', {
            count: done,
            folder: target.name,
          }),
        });
        props.onDone?.(mode, target);
      }
      if (failed.length) setProblem(failed[0]);
      else props.onClose();
    },
    onError: (error) => setProblem(message((error as Error).message)),
  });

  const submit = () => {
    if (!destination) {
      setProblem(t('moveCopy.pick'));
      return;
    }
    setProblem(undefined);
    run.mutate(destination);
  };

  const reason = (folder: FolderView) => {
    const found = destinationProblem(folder, source);
    if (found === 'ontoChildOrParent') return spec('ontoChildOrParent');
    if (found === 'alreadyThere') return t('moveCopy.alreadyThere');
    return undefined;
  };

  return (
    <ActionDialog
      open={props.open}
      title={t('moveCopy.title')}
      submitLabel={t(mode === 'move' ? 'moveCopy.move' : 'moveCopy.copy')}
      busy={run.isPending}
      disabled={!destination}
      onSubmit={submit}
      onClose={props.onClose}
    >
      <Text>
        {props.folder
          ? t('moveCopy.folderIntro', { name: props.folder.name })
          : t('moveCopy.assetsIntro', { count: ids.length })}
      </Text>
      <ErrorAlert error={problem} />
      <Fieldset.Root>
        <Fieldset.Legend fontWeight="semibold" fontSize="sm">
          {t('moveCopy.operation')}
        </Fieldset.Legend>
        <RadioGroup.Root value={mode} onValueChange={(details) => setMode(details.value as Mode)} size="sm">
          <HStack gap="5">
            {(['move', 'copy'] as const).map((each) => (
              <RadioGroup.Item key={each} value={each}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  {t(each === 'move' ? 'moveCopy.move' : 'moveCopy.copy')}
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </RadioGroup.Root>
      </Fieldset.Root>
      <Fieldset.Root>
        <Fieldset.Legend fontWeight="semibold" fontSize="sm">
          {t('moveCopy.destination')}
        </Fieldset.Legend>
        {tree.isPending && <ListSkeleton rows={5} />}
        {tree.isError && <ErrorAlert error={tree.error} />}
        {tree.data && (
          <Box maxHeight="72" overflowY="auto" borderWidth="1px" rounded="md" p="2">
            <RadioGroup.Root
              value={destinationId === undefined ? null : String(destinationId)}
              onValueChange={(details) => setDestinationId(details.value ? Number(details.value) : undefined)}
              size="sm"
            >
              <Stack gap="1">
                {folders.map((folder) => {
                  const why = reason(folder);
                  return (
                    <RadioGroup.Item
                      key={folder.id}
                      value={String(folder.id)}
                      disabled={why !== undefined}
                      ps={`${depthBelow(tree.data.root, folder) * 1.25}rem`}
                    >
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>
                        {folder.name || folder.path || '/'}
                        {why && (
                          <Text as="span" color="fg.muted" fontSize="xs" ms="2">
                            {why}
                          </Text>
                        )}
                      </RadioGroup.ItemText>
                    </RadioGroup.Item>
                  );
                })}
              </Stack>
            </RadioGroup.Root>
          </Box>
        )}
      </Fieldset.Root>
    </ActionDialog>
  );
}
