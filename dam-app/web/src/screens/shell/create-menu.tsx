import { Button, Menu } from '@chakra-ui/react';
import { useState } from 'react';
import type { SessionView } from '../../../../api/accounts.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { useOptionalTransferActions } from '../../transfers/transfer-context.ts';
import { NewFolderDialog } from './new-folder-dialog.tsx';

/**
 * Quick Upload needs fileUpload on the current ACL and uploads allowed (R-UPLOAD-GATE); admin mode overrides. It is a
 * Rapid menu entry, so it is added only once the client runs (R-CLIENT-STATUS-UI); until then Upload stands in its place
 * and shows the Warning dialog (R-UPLOAD-NEEDS-CLIENT), which offers the upload over HTTP.
 */
export function CreateMenu({ session }: { session: SessionView }) {
  const { t } = usePreferences();
  const transfers = useOptionalTransferActions();
  const [newFolder, setNewFolder] = useState(false);
  const mayCreateFolder =
    session.acl !== null &&
    (session.permissions.includes('new assets') || session.permissions.includes('file actions'));
  const mayUpload =
    session.features.allowUpload &&
    (session.adminMode || (session.acl?.permissions.includes('fileUpload') ?? false));
  // Someone who may create nothing gets no Create menu, rather than one holding a disabled item.
  if (!mayUpload && !mayCreateFolder) return null;
  return (
    <>
      <Menu.Root
        onSelect={(details) =>
          details.value === 'new-folder'
            ? setNewFolder(true)
            : details.value === 'quick-upload' || details.value === 'upload'
              ? transfers?.openUpload()
              : undefined
        }
      >
        <Menu.Trigger asChild>
          <Button size="sm" variant="solid" bg="bg" color="fg" _hover={{ bg: 'bg.muted' }}>
            {t('shell.create')} ▾
          </Button>
        </Menu.Trigger>
        {/* Not portalled: the menu stays inside the header's landmark. */}
        <Menu.Positioner>
          <Menu.Content>
            {mayUpload &&
              (transfers?.menusReady ? (
                <Menu.Item value="quick-upload">{t('shell.quickUpload')}</Menu.Item>
              ) : (
                <Menu.Item value="upload" disabled={!transfers}>
                  {t('shell.upload')}
                </Menu.Item>
              ))}
            <Menu.Item value="new-folder" disabled={!mayCreateFolder}>
              {t('shell.newFolder')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
      {newFolder && <NewFolderDialog session={session} onClose={() => setNewFolder(false)} />}
    </>
  );
}
