import { Menu, Portal } from '@chakra-ui/react';
import { memo, type ReactNode, useState } from 'react';
import type { SessionView } from '../../../../api/accounts.ts';
import type { FolderView } from '../../../../api/folders.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { navigate } from '../../app/use-route.ts';
import { MenuButton } from '../../components/menu-button.tsx';
import { useBrowseExtensions } from './browse-extensions.tsx';
import { ExtraMenuItems } from './extra-menu-items.tsx';
import type { FolderOperation } from './folder-dialogs.tsx';
import { folderOperations } from './folder-operations.ts';
import { FolderDialog } from './lazy-folder-dialog.tsx';
import type { FolderTree } from './tree-model.ts';

function FolderMenuContent({
  folder,
  session,
  onOperation,
}: {
  folder: FolderView;
  session: SessionView;
  onOperation(operation: FolderOperation): void;
}) {
  const { t } = usePreferences();
  const { folderActionItems } = useBrowseExtensions();
  const operations = folderOperations(session, folder);
  const extras = folderActionItems(folder);
  return (
    <Menu.Content minWidth="52">
      <Menu.Item
        value="search-here"
        onSelect={() => navigate({ name: 'search', query: '', folderId: folder.id })}
      >
        {t('folder.searchHere')}
      </Menu.Item>
      {operations.map((operation) => (
        <Menu.Item key={operation} value={operation} onSelect={() => onOperation(operation)}>
          {t(`folder.op.${operation}`)}
        </Menu.Item>
      ))}
      <Menu.Item value="export-metadata" onSelect={() => onOperation('export-metadata')}>
        {t('metadataIo.exportMenu')}
      </Menu.Item>
      {session.user.isAdmin && (
        <Menu.Item value="approver" onSelect={() => navigate({ name: 'folder-approver', id: folder.id })}>
          {t('folder.approver')}
        </Menu.Item>
      )}
      <ExtraMenuItems extras={extras} separated />
    </Menu.Content>
  );
}

interface FolderActionsProps {
  folder: FolderView;
  tree: FolderTree;
  session: SessionView;
}

/**
 * The "Folder Actions" menu of the folder screen, with the dialogs its entries open. Memoised: the screen draws again
 * when the transfer integration joins (its drop targets), and a dialog drawn again mid-typing would put its
 * controlled field's value back over what a script had just cleared.
 */
export const FolderActionsMenu = memo(function FolderActionsMenu(props: FolderActionsProps) {
  const { t } = usePreferences();
  const [operation, setOperation] = useState<FolderOperation | null>(null);
  return (
    <>
      <MenuButton label={t('folder.actions')}>
        <FolderMenuContent {...props} onOperation={setOperation} />
      </MenuButton>
      {operation && <FolderDialog {...props} operation={operation} onClose={() => setOperation(null)} />}
    </>
  );
});

/** The same entries on right-click (or the context-menu key) over a folder of the places tree. */
export function FolderContextMenu(
  props: Omit<FolderActionsProps, 'folder'> & { folder: FolderView | undefined; children: ReactNode },
) {
  const [operation, setOperation] = useState<{ operation: FolderOperation; folder: FolderView } | null>(null);
  const { folder, children, ...rest } = props;
  return (
    <>
      <Menu.Root>
        <Menu.ContextTrigger asChild>{children}</Menu.ContextTrigger>
        <Portal>
          <Menu.Positioner>
            {folder && (
              <FolderMenuContent
                folder={folder}
                session={rest.session}
                onOperation={(next) => setOperation({ operation: next, folder })}
              />
            )}
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      {operation && (
        <FolderDialog
          {...rest}
          folder={operation.folder}
          operation={operation.operation}
          onClose={() => setOperation(null)}
        />
      )}
    </>
  );
}
