import { z } from 'zod';
import { dbId, dbIdParam, dbString } from './db-safe.ts';

/** R-DISCUSSION-LIMITS: a comment's length, and how many people one comment may mention. */
export const COMMENT_MAX_LENGTH = 4000;
export const MENTIONS_MAX = 20;
/** R-DISCUSSION-LIMITS: how many people the @mention autocomplete offers at once. */
export const MENTION_SUGGESTIONS_MAX = 10;

export const DISCUSSION_MESSAGES = {
  commentRequired: 'A comment cannot be empty.',
  commentTooLong: `A comment can be at most ${COMMENT_MAX_LENGTH} characters long.`,
  regionOutside: 'An annotation region must lie inside the picture.',
  timeRange: 'An annotation time range must end after it starts.',
  annotationKind: 'This kind of annotation does not fit this asset.',
  replyAnnotation: 'A reply cannot carry an annotation; annotate in a new comment.',
  versionMissing: 'The asset has no such version.',
} as const;

/** A `@name` in a comment: a username's characters (api/accounts.ts) after an @ that does not follow a word. */
export const MENTION_PATTERN = /(?<![\p{L}\p{Nd}._@-])@([\p{L}\p{Nd}._-]*[\p{L}\p{Nd}_])/gu;

/** The usernames a comment mentions, each once, in the order written. */
export function mentionedNames(body: string): string[] {
  return [...new Set([...body.matchAll(MENTION_PATTERN)].map((match) => match[1] as string))];
}

const fraction = z.number().min(0).max(1);
const seconds = z.number().min(0).max(1_000_000);

/**
 * What a comment is pinned to (R-ANNOTATION): a rectangle of an image (fractions of its width and height, so any
 * rendition size shows it), a page of a PDF, or a time range of a video (seconds).
 */
export const annotationSchema = z.discriminatedUnion('kind', [
  z
    .strictObject({ kind: z.literal('region'), x: fraction, y: fraction, width: fraction, height: fraction })
    .refine(
      (box) =>
        box.width > 0 && box.height > 0 && box.x + box.width <= 1 + 1e-9 && box.y + box.height <= 1 + 1e-9,
      { message: DISCUSSION_MESSAGES.regionOutside },
    ),
  z.strictObject({ kind: z.literal('page'), page: z.number().int().min(1).max(100_000) }),
  z
    .strictObject({ kind: z.literal('time'), start: seconds, end: seconds })
    .refine((range) => range.end > range.start, { message: DISCUSSION_MESSAGES.timeRange, path: ['end'] }),
]);
export type Annotation = z.infer<typeof annotationSchema>;
export type AnnotationKind = Annotation['kind'];

const commentBody = dbString()
  .trim()
  .min(1, DISCUSSION_MESSAGES.commentRequired)
  .max(COMMENT_MAX_LENGTH, DISCUSSION_MESSAGES.commentTooLong);

export const newCommentSchema = z.strictObject({
  body: commentBody,
  /** The comment answered; a reply belongs to its thread's version. */
  parentId: dbId().optional(),
  /** The version commented on; the asset's current one when absent. */
  version: dbId().optional(),
  annotation: annotationSchema.optional(),
});
export type NewComment = z.infer<typeof newCommentSchema>;

export const editCommentSchema = z.strictObject({ body: commentBody });

export const commentSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  version: z.number().int(),
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Empty for a deleted comment that is kept because it has replies. */
  body: z.string(),
  deleted: z.boolean(),
  annotation: annotationSchema.nullable(),
  mentions: z.array(z.string()),
  createdAt: z.iso.datetime(),
  editedAt: z.iso.datetime().nullable(),
  /** The author, or a global admin (R-COMMENT-EDIT). */
  mayEdit: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const discussionSchema = z.object({
  version: z.number().int(),
  currentVersion: z.number().int(),
  /** Oldest first; replies follow their thread through `parentId`. */
  items: z.array(commentSchema),
});
export type Discussion = z.infer<typeof discussionSchema>;

export const discussionQuerySchema = z.object({ version: dbIdParam().optional() });

export const mentionQuerySchema = z.object({ q: dbString().trim().max(100).default('') });
export const mentionSuggestionsSchema = z.array(z.object({ id: z.number().int(), name: z.string() }));
