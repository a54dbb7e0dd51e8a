import { describe, expect, it } from 'vitest';
import type { SessionView } from '../../../../api/accounts.ts';
import { folderOperations } from './folder-operations.ts';

const session = (permissions: SessionView['permissions']) => ({ permissions }) as SessionView;
const root = { id: 1, name: 'Library', path: 'Library', parentId: null };
const photos = { id: 2, name: 'Photos', path: 'Library/Photos', parentId: 1 };

describe('folder operations by permission (R-FILE-ACTIONS)', () => {
  it('file actions change folders; new assets only creates; the ACL root is not renamed, moved or deleted', () => {
    expect(folderOperations(session(['file actions']), photos)).toEqual([
      'create',
      'rename',
      'move',
      'copy',
      'delete',
    ]);
    expect(folderOperations(session(['file actions']), root)).toEqual(['create']);
    expect(folderOperations(session(['new assets']), photos)).toEqual(['create']);
    expect(folderOperations(session(['facet browsing', 'view global keywords']), photos)).toEqual([]);
  });
});
