import { useMutation } from '@tanstack/react-query';
import { bulkSelectResultSchema } from '../../../../api/assets.ts';
import { api } from '../../api/api-client.ts';

/** Bulk Select by CSV upload: the server reads the first column (ID numbers or file names) and answers the ids. */
export function useBulkSelect() {
  return useMutation({
    mutationFn: async (file: File) =>
      api.post('/assets/bulk-select', bulkSelectResultSchema, {
        fileName: file.name,
        content: await file.text(),
      }),
  });
}
