import {
  addComment,
  deleteComment,
  editComment,
  getDiscussion,
  mentionSuggestions,
} from '../../api/contract/discussions-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as discussions from './discussion-service.ts';

export const discussionRoutes = [
  bindEndpoint(getDiscussion, ({ services, principal, params, query }) =>
    discussions.discussion(services, principal, params.id, query.version),
  ),
  bindEndpoint(addComment, ({ services, principal, params, body }) =>
    discussions.addComment(services, principal, params.id, body),
  ),
  bindEndpoint(mentionSuggestions, ({ services, principal, params, query }) =>
    discussions.mentionSuggestions(services, principal, params.id, query.q),
  ),
  bindEndpoint(editComment, ({ services, principal, params, body }) =>
    discussions.editComment(services, principal, params.id, body.body),
  ),
  bindAction(deleteComment, ({ services, principal, params }) =>
    discussions.deleteComment(services, principal, params.id),
  ),
];
