import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody } from '../../api/errors.ts';
import { MESSAGES } from '../../api/messages.ts';

/** An error a handler throws to answer with `{ error: { code, message, user_message } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    readonly userMessage: string,
    message?: string,
    readonly extra: { fields?: Record<string, string>; details?: Record<string, unknown> } = {},
  ) {
    super(message ?? userMessage);
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        user_message: this.userMessage,
        ...(this.extra.fields ? { fields: this.extra.fields } : {}),
        ...(this.extra.details ? { details: this.extra.details } : {}),
      },
    };
  }
}

/** Invalid input: the first field's message is the one a person sees; every field's is in `fields`. */
export function invalid(fields: Record<string, string>, code = 'invalid_input'): ApiError {
  const first = Object.values(fields)[0] ?? MESSAGES.badRequest;
  return new ApiError(400, code, first, `Invalid input: ${Object.keys(fields).join(', ')}`, { fields });
}

/** The words a person sees for each kind of thing a request can name that is not there (or not theirs). */
const NOT_FOUND_TEXTS = {
  asset: MESSAGES.notFound,
  file: MESSAGES.notFound,
  path: MESSAGES.folderNotFound,
  folder: MESSAGES.folderNotFound,
  user: MESSAGES.userNotFound,
  group: MESSAGES.groupNotFound,
  ACL: MESSAGES.aclNotFound,
  cart: MESSAGES.cartNotFound,
  collection: MESSAGES.collectionNotFound,
  'loading dock': MESSAGES.loadingDockNotFound,
  node: MESSAGES.nodeNotFound,
  transfer: MESSAGES.transferNotFound,
  upload: MESSAGES.uploadNotFound,
  rendition: MESSAGES.renditionNotFound,
  'saved search': MESSAGES.savedSearchNotFound,
  'API key': MESSAGES.apiKeyNotFound,
  notification: MESSAGES.notificationNotFound,
  task: MESSAGES.taskNotFound,
  request: MESSAGES.notFound,
  workspace: MESSAGES.notFound,
  comment: MESSAGES.notFound,
  'remote server': MESSAGES.remoteServerNotFound,
  'remote transfer': MESSAGES.notFound,
  theme: MESSAGES.notFound,
} as const;
export type NotFoundKind = keyof typeof NOT_FOUND_TEXTS;

/** What the principal may not see does not exist for them: 404, never 403, so existence does not leak. */
export const notFound = (what: NotFoundKind, detail?: string) =>
  new ApiError(404, 'not_found', NOT_FOUND_TEXTS[what], detail ?? `No such ${what}, or no access to it.`);

export const forbidden = () => new ApiError(403, 'forbidden', MESSAGES.noPermission);
/** An asset the person may see but whose file they may not take (download, print, Drive read). */
export const assetAccessDenied = () => new ApiError(403, 'forbidden', MESSAGES.accessDenied);
export const unauthorized = () => new ApiError(401, 'unauthorized', MESSAGES.unauthorized);
export const conflict = (code: string, userMessage: string, field?: string) =>
  new ApiError(409, code, userMessage, undefined, field ? { fields: { [field]: userMessage } } : {});
