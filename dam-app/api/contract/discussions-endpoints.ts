import { okSchema } from '../accounts.ts';
import {
  commentSchema,
  discussionQuerySchema,
  discussionSchema,
  editCommentSchema,
  mentionQuerySchema,
  mentionSuggestionsSchema,
  newCommentSchema,
} from '../discussions.ts';
import { endpointGroup } from './endpoint-group.ts';
import { forbidden } from './error-sets.ts';
import { assetIdParams, idParams } from './params.ts';

const discussions = endpointGroup('Discussions', 'user');
const assetDiscussion = discussions.item('/assets/{id}', assetIdParams);
const comment = discussions.item('/comments/{id}', idParams);

export const getDiscussion = assetDiscussion.get('/comments', {
  summary:
    'The comments and annotations of one version of an asset (its current version unless asked), oldest first',
  query: discussionQuerySchema,
  response: discussionSchema,
});
export const addComment = assetDiscussion.post('/comments', {
  summary:
    'Comment on a version of an asset, answer a comment, or pin a comment to an image region, a PDF page or a video time range; @mentions notify',
  body: newCommentSchema,
  response: commentSchema,
  status: 201,
});
export const mentionSuggestions = assetDiscussion.get('/mentionable', {
  summary:
    'The people a comment on this asset may @mention (those who may see it), by the start of their name',
  query: mentionQuerySchema,
  response: mentionSuggestionsSchema,
});
export const editComment = comment.put('', {
  summary:
    'Change the text of my comment (a global admin: any comment); only people newly mentioned are notified',
  body: editCommentSchema,
  response: commentSchema,
  errors: forbidden,
});
export const deleteComment = comment.delete('', {
  summary: 'Delete my comment (a global admin: any comment); a comment with replies stays as deleted',
  response: okSchema,
  errors: forbidden,
});
