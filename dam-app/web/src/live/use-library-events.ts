import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { watchLibrary } from './library-events.ts';

/**
 * Keeps the library screens live while a person is signed in. The stream is opened again when the current ACL
 * changes, since the server cuts events to the ACL's root.
 */
export function useLibraryEvents(aclId: number | undefined): void {
  const queries = useQueryClient();
  useEffect(() => {
    if (aclId === undefined || typeof EventSource === 'undefined') return;
    return watchLibrary(queries);
  }, [aclId, queries]);
}
