import { useQuery } from '@tanstack/react-query';
import { listDictionaries } from '../../../../api/contract/dictionaries-endpoints.ts';
import { folderTree } from '../../../../api/contract/folders-endpoints.ts';
import { listForms } from '../../../../api/contract/forms-endpoints.ts';
import { api } from '../../api/api-client.ts';

export const FORM_KEYS = {
  forms: ['admin', 'forms'],
  dictionaries: ['admin', 'dictionaries'],
  folders: ['admin', 'form-folders'],
} as const;

export const useForms = () =>
  useQuery({ queryKey: FORM_KEYS.forms, queryFn: ({ signal }) => api.call(listForms, { signal }) });

export const useDictionaries = () =>
  useQuery({
    queryKey: FORM_KEYS.dictionaries,
    queryFn: ({ signal }) => api.call(listDictionaries, { signal }),
  });

/** The folders a form can be assigned to: the administrator's places tree, by path. */
export const useFormFolders = () =>
  useQuery({
    queryKey: FORM_KEYS.folders,
    queryFn: async ({ signal }) => {
      const tree = await api.call(folderTree, { signal });
      return [tree.root, ...tree.folders].map((folder) => ({ id: folder.id, path: folder.path || '/' }));
    },
  });
