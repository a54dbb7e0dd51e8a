import { Button, Dialog, Field, NativeSelect, Portal, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { okSchema } from '../../../../api/accounts.ts';
import {
  createFolderSchema,
  type FolderView,
  folderDestinationSchema,
  folderSchema,
  renameFolderSchema,
} from '../../../../api/folders.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ConfirmDialog } from '../../components/feedback.tsx';
import { Form } from '../../components/form.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { navigate } from '../../router/use-route.ts';
import { useRefreshLibrary } from './browse-queries.ts';
import type { FolderOperation } from './folder-operations.ts';
import { destinationsFor, type FolderTree } from './tree-model.ts';

interface DialogProps {
  folder: FolderView;
  tree: FolderTree;
  onClose(): void;
}

function FormDialog(props: {
  title: string;
  submitLabel: string;
  busy: boolean;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
}) {
  const { t } = usePreferences();
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && props.onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Form onSend={props.onSubmit}>
              <Dialog.Header>
                <Dialog.Title>{props.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">{props.children}</Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={props.onClose}>
                  {t('app.cancel')}
                </Button>
                <Button type="submit" colorPalette="teal" loading={props.busy}>
                  {props.submitLabel}
                </Button>
              </Dialog.Footer>
            </Form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** New folder or Rename: the R-FOLDER-NAME folder name rules checked here, the server's answer shown beside the name. */
export function FolderNameDialog({ folder, onClose, mode }: DialogProps & { mode: 'create' | 'rename' }) {
  const { t } = usePreferences();
  const refresh = useRefreshLibrary();
  const form = useForm({ name: mode === 'rename' ? folder.name : '' });
  const save = useMutation({
    mutationFn: (name: string) =>
      mode === 'create'
        ? api.post('/folders', folderSchema, { parentId: folder.id, name })
        : api.put(`/folders/${folder.id}`, folderSchema, { name }),
    onSuccess: async (saved) => {
      await refresh();
      toaster.create({
        type: 'success',
        title: t(mode === 'create' ? 'folder.created' : 'folder.renamed', { name: saved.name }),
      });
      onClose();
      if (mode === 'create') navigate({ name: 'folder', id: saved.id });
    },
    onError: form.fail,
  });
  const submit = () => {
    const checked =
      mode === 'create'
        ? form.check(createFolderSchema, { parentId: folder.id, name: form.values.name })
        : form.check(renameFolderSchema, { name: form.values.name });
    if (checked) save.mutate(checked.name);
  };
  return (
    <FormDialog
      title={
        mode === 'create'
          ? t('folder.createIn', { name: folder.name })
          : t('folder.renameTitle', { name: folder.name })
      }
      submitLabel={mode === 'create' ? t('app.create') : t('folder.rename')}
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <FormField
        label={t('folder.name')}
        name="name"
        value={form.values.name}
        onValue={(value) => form.set('name', value)}
        error={form.errors.name ?? form.formError}
        autoFocus
        required
      />
    </FormDialog>
  );
}

/** Move or Copy into another folder: not onto itself, its child or its parent (R-COPY-MOVE-DESTINATION). */
export function FolderDestinationDialog({
  folder,
  tree,
  onClose,
  mode,
}: DialogProps & { mode: 'move' | 'copy' }) {
  const { t } = usePreferences();
  const refresh = useRefreshLibrary();
  const choices = destinationsFor(tree, folder);
  const form = useForm({ destinationId: String(choices[0]?.id ?? '') });
  const run = useMutation({
    mutationFn: (destinationId: number) =>
      api.post(`/folders/${folder.id}/${mode}`, folderSchema, { destinationId }),
    onSuccess: async (result) => {
      await refresh();
      toaster.create({
        type: 'success',
        title: t(mode === 'move' ? 'folder.moved' : 'folder.copied', { name: result.path }),
      });
      onClose();
      navigate({ name: 'folder', id: result.id });
    },
    onError: form.fail,
  });
  const submit = () => {
    const checked = form.check(folderDestinationSchema, { destinationId: Number(form.values.destinationId) });
    if (checked) run.mutate(checked.destinationId);
  };
  const error = form.errors.destinationId ?? form.formError;
  return (
    <FormDialog
      title={t(mode === 'move' ? 'folder.moveTitle' : 'folder.copyTitle', { name: folder.name })}
      submitLabel={t(mode === 'move' ? 'folder.move' : 'folder.copy')}
      busy={run.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field.Root invalid={error !== undefined}>
        <Field.Label>{t('folder.destination')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="destinationId"
            value={form.values.destinationId}
            onChange={(event) => form.set('destinationId', event.target.value)}
          >
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.path}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
    </FormDialog>
  );
}

/** Delete to the trash, after asking; the person lands in the parent folder. */
export function FolderDeleteDialog({ folder, onClose }: DialogProps) {
  const { t } = usePreferences();
  const refresh = useRefreshLibrary();
  const remove = useMutation({
    mutationFn: () => api.delete(`/folders/${folder.id}`, okSchema),
    onSuccess: async () => {
      if (folder.parentId) navigate({ name: 'folder', id: folder.parentId });
      await refresh();
      toaster.create({ type: 'success', title: t('folder.deleted', { name: folder.name }) });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      open
      title={t('folder.deleteTitle', { name: folder.name })}
      body={t('folder.deleteBody')}
      confirmLabel={t('app.delete')}
      busy={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    />
  );
}

export type { FolderOperation };

export function FolderDialog(props: DialogProps & { operation: FolderOperation }) {
  const { operation, ...rest } = props;
  if (operation === 'create' || operation === 'rename')
    return <FolderNameDialog {...rest} mode={operation} />;
  if (operation === 'move' || operation === 'copy')
    return <FolderDestinationDialog {...rest} mode={operation} />;
  return <FolderDeleteDialog {...rest} />;
}
