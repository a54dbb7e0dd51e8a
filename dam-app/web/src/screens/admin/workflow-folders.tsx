import { Button, Heading, HStack, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { createWorkflowFolder, deleteWorkflowFolder } from '../../../../api/contract/workflows-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useRefresh } from '../../kit/use-refresh.ts';
import { folderPaths, useWorkflowFolders, WORKFLOW_KEYS } from './workflows-queries.ts';

/** The workflow tree's folders (R-WORKFLOW-MODEL): listed by path, made under a parent, deleted when empty. */
export function WorkflowFolders() {
  const { t } = usePreferences();
  const refresh = useRefresh();
  const folders = useWorkflowFolders();
  const [name, setName] = useState('');
  const [parentId, setParentId] = useState('');
  const paths = folderPaths(folders.data ?? []);
  const create = useMutation({
    mutationFn: () =>
      api.call(createWorkflowFolder, {
        body: { name, parentId: parentId === '' ? null : Number(parentId) },
      }),
    onSuccess: () => {
      setName('');
      refresh([WORKFLOW_KEYS.folders]);
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.call(deleteWorkflowFolder, { params: { id } }),
    onSuccess: () => refresh([WORKFLOW_KEYS.folders]),
  });
  return (
    <Stack as="section" aria-labelledby="workflow-folders" gap="3" borderTopWidth="1px" pt="4">
      <Heading as="h2" size="md" id="workflow-folders">
        {t('workflow.folders')}
      </Heading>
      {paths.length ? (
        <List.Root ps="5">
          {paths.map((folder) => (
            <List.Item key={folder.id}>
              <HStack gap="3">
                <Text>{folder.path}</Text>
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t('workflow.deleteFolder', { name: folder.path })}
                  onClick={() => remove.mutate(folder.id)}
                >
                  {t('app.delete')}
                </Button>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      ) : (
        <Text color="fg.muted">{t('workflow.foldersEmpty')}</Text>
      )}
      <ErrorAlert error={remove.error} />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3" alignItems="end">
        <FormField
          name="workflowFolderName"
          label={t('workflow.folderName')}
          value={name}
          onValue={setName}
        />
        <SelectField
          label={t('workflow.parentFolder')}
          name="workflowFolderParent"
          value={parentId}
          none={t('workflow.topLevel')}
          choices={paths.map((folder) => ({ value: folder.id, label: folder.path }))}
          onValue={setParentId}
        />
        {/* As wide as its text, not its grid column (a disabled button as wide as a field reads as a field). */}
        <Button
          justifySelf="start"
          variant="outline"
          disabled={!name.trim()}
          loading={create.isPending}
          onClick={() => create.mutate()}
        >
          {t('workflow.newFolder')}
        </Button>
      </SimpleGrid>
      <ErrorAlert error={create.error} />
    </Stack>
  );
}
