import { z } from 'zod';

/** The server push channel's path under `/api/v1`: Server-Sent Events, one stream per open page. */
export const LIBRARY_EVENTS_PATH = '/events';
/** The SSE event name of a library change. */
export const LIBRARY_EVENT = 'library';

/**
 * A change to the library that the person may see: the folders (paths under their ACL root) whose listing or
 * counts changed, or `all` when a change was too large to name its folders. Pages refresh what shows them.
 */
export const libraryEventSchema = z.strictObject({
  folders: z.array(z.string()),
  all: z.boolean(),
});
export type LibraryEvent = z.infer<typeof libraryEventSchema>;

/** The SSE event name of a change to an asset's discussion (a comment or annotation added, edited or deleted). */
export const DISCUSSION_EVENT = 'discussion';
/** Which asset's discussion changed and through which comment: an open Discussion tab of that asset loads again. */
export const discussionEventSchema = z.strictObject({ assetId: z.number(), commentId: z.number() });
export type DiscussionEvent = z.infer<typeof discussionEventSchema>;
