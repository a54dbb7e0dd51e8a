import { useMutation } from '@tanstack/react-query';
import {
  copyFolder,
  createFolder,
  deleteFolder,
  moveFolder,
  renameFolder,
} from '../../../../api/contract/folders-endpoints.ts';
import {
  createFolderSchema,
  type FolderView,
  folderDestinationSchema,
  renameFolderSchema,
} from '../../../../api/folders.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { navigate } from '../../app/use-route.ts';
import { ExportSourceDialog } from '../../asset-widgets/export-metadata-dialog.tsx';
import { ConfirmDialog } from '../../components/feedback.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { ActionDialog } from '../../kit/action-dialog.tsx';
import { NameDialog } from '../../kit/name-dialog.tsx';
import { useRefreshLibrary } from './browse-queries.ts';
import type { FolderOperation } from './folder-operations.ts';
import { destinationsFor, type FolderTree } from './tree-model.ts';

interface DialogProps {
  folder: FolderView;
  tree: FolderTree;
  onClose(): void;
}

/** New folder or Rename: the R-FOLDER-NAME folder name rules checked here, the server's answer shown beside the name. */
export function FolderNameDialog({ folder, onClose, mode }: DialogProps & { mode: 'create' | 'rename' }) {
  const { t } = usePreferences();
  const refresh = useRefreshLibrary();
  const create = mode === 'create';
  return (
    <NameDialog
      title={
        create ? t('folder.createIn', { name: folder.name }) : t('folder.renameTitle', { name: folder.name })
      }
      submitLabel={create ? t('app.create') : t('folder.rename')}
      label={t('folder.name')}
      initial={create ? '' : folder.name}
      schema={create ? createFolderSchema : renameFolderSchema}
      body={(name) => (create ? { parentId: folder.id, name } : { name })}
      save={({ name }) =>
        create
          ? api.call(createFolder, { body: { parentId: folder.id, name } })
          : api.call(renameFolder, { params: { id: folder.id }, body: { name } })
      }
      onSaved={async (saved) => {
        await refresh();
        toaster.create({
          type: 'success',
          title: t(create ? 'folder.created' : 'folder.renamed', { name: saved.name }),
        });
        onClose();
        if (create) navigate({ name: 'folder', id: saved.id });
      }}
      onClose={onClose}
      errorUnderName
      closeButton={false}
      size="md"
    />
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
      api.call(mode === 'move' ? moveFolder : copyFolder, {
        params: { id: folder.id },
        body: { destinationId },
      }),
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
    <ActionDialog
      open
      closeButton={false}
      title={t(mode === 'move' ? 'folder.moveTitle' : 'folder.copyTitle', { name: folder.name })}
      submitLabel={t(mode === 'move' ? 'folder.move' : 'folder.copy')}
      busy={run.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label={t('folder.destination')}
        name="destinationId"
        value={form.values.destinationId}
        onValue={(id) => form.set('destinationId', id)}
        choices={choices.map((choice) => ({ value: choice.id, label: choice.path }))}
        error={error}
      />
    </ActionDialog>
  );
}

/** Delete to the trash, after asking; the person lands in the parent folder. */
export function FolderDeleteDialog({ folder, onClose }: DialogProps) {
  const { t } = usePreferences();
  const refresh = useRefreshLibrary();
  const remove = useMutation({
    mutationFn: () => api.call(deleteFolder, { params: { id: folder.id } }),
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

/** Export metadata of every asset in the folder and its subfolders (R-METADATA-EXPORT). */
function FolderExportDialog({ folder, onClose }: DialogProps) {
  const { t } = usePreferences();
  return (
    <ExportSourceDialog
      open
      source={{ kind: 'folder', folderId: folder.id, recursive: true }}
      intro={t('metadataIo.exportFolderIntro', { name: folder.name })}
      onClose={onClose}
    />
  );
}

export type { FolderOperation };

export function FolderDialog(props: DialogProps & { operation: FolderOperation }) {
  const { operation, ...rest } = props;
  if (operation === 'export-metadata') return <FolderExportDialog {...rest} />;
  if (operation === 'create' || operation === 'rename')
    return <FolderNameDialog {...rest} mode={operation} />;
  if (operation === 'move' || operation === 'copy')
    return <FolderDestinationDialog {...rest} mode={operation} />;
  return <FolderDeleteDialog {...rest} />;
}
