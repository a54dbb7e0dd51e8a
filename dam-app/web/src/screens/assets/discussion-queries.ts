import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addComment,
  deleteComment,
  editComment,
  getDiscussion,
  mentionSuggestions,
} from '../../../../api/contract/discussions-endpoints.ts';
import type { NewComment } from '../../../../api/discussions.ts';
import { api } from '../../api/api-client.ts';
import { discussionKey } from '../../api/query-keys.ts';

export const DISCUSSION_KEYS = {
  all: discussionKey,
  version: (assetId: number, version: number | null) => [...discussionKey(assetId), version] as const,
  mentions: (assetId: number, prefix: string) => [...discussionKey(assetId), 'mentions', prefix] as const,
};

/** The discussion of one version (null: the asset's current one). */
export const useDiscussion = (assetId: number, version: number | null) =>
  useQuery({
    queryKey: DISCUSSION_KEYS.version(assetId, version),
    queryFn: () =>
      api.call(getDiscussion, { params: { id: assetId }, query: version === null ? {} : { version } }),
  });

/** R-MENTION: the people who may see the asset whose name starts with `prefix` (null: not typing a mention). */
export const useMentionSuggestions = (assetId: number, prefix: string | null) =>
  useQuery({
    queryKey: DISCUSSION_KEYS.mentions(assetId, prefix ?? ''),
    queryFn: () => api.call(mentionSuggestions, { params: { id: assetId }, query: { q: prefix ?? '' } }),
    enabled: prefix !== null,
    staleTime: 30_000,
  });

/** Adding, editing and deleting comments: each refreshes the asset's discussion. */
export function useCommentActions(assetId: number, onFailure: (error: Error) => void) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: DISCUSSION_KEYS.all(assetId) });
  const add = useMutation({
    mutationFn: (body: NewComment) => api.call(addComment, { params: { id: assetId }, body }),
    onSuccess: refresh,
  });
  const edit = useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) =>
      api.call(editComment, { params: { id }, body: { body } }),
    onSuccess: refresh,
    onError: onFailure,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.call(deleteComment, { params: { id } }),
    onSuccess: refresh,
    onError: onFailure,
  });
  return { add, edit, remove };
}
