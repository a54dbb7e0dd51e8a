import { useMutation } from '@tanstack/react-query';
import { bulkSelect } from '../../../../api/contract/assets-endpoints.ts';
import { api } from '../../api/api-client.ts';

/** Bulk Select by CSV upload: the server reads the first column (ID numbers or file names) and answers the ids. */
export function useBulkSelect() {
  return useMutation({
    mutationFn: async (file: File) =>
      api.call(bulkSelect, { body: { fileName: file.name, content: await file.text() } }),
  });
}
