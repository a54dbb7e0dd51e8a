import { Box } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import type { FolderView } from '../../../../api/folders.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { navigate } from '../../app/use-route.ts';
import { SearchInput } from '../../components/search-input.tsx';

/** Directory Search: a Quick Search kept to this folder and the folders below it. */
export function DirectorySearch({ folder }: { folder: FolderView }) {
  const { t } = usePreferences();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate({ name: 'search', query: text.trim(), folderId: folder.id });
  };
  return (
    <Box as="form" role="search" aria-label={t('folder.directorySearch')} onSubmit={submit}>
      <SearchInput
        size="sm"
        width={{ base: 'full', md: '64' }}
        label={t('folder.directorySearchIn', { name: folder.name })}
        value={text}
        onValue={setText}
      />
    </Box>
  );
}
