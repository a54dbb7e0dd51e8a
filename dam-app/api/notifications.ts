import { z } from 'zod';
import { dbIdParam } from './db-safe.ts';

/** R-NOTIFY the notification types, in the product's order. */
export const NOTIFICATION_TYPES = [
  'Download',
  'Edit',
  'Invite Accepted',
  'Discussion',
  'Conversion',
  'Mention',
  'New',
  'Delete',
  'Version',
  'Upload',
  'Custom',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What a notification or a task points at (an approval: a request waiting on the approver; a request: the requestor's own); the web app turns it into a link. */
export const TARGET_KINDS = [
  'asset',
  'folder',
  'collection',
  'dock',
  'approval',
  'request',
  'comment',
] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];
/** A comment target's id: the asset, the version the comment is on, and the comment (`12:3:40`). */
export const commentTargetId = (assetId: number, version: number, commentId: number) =>
  `${assetId}:${version}:${commentId}`;
/** The parts of a comment target's id, or undefined when it is not one. */
export function parseCommentTarget(id: string) {
  const match = /^([1-9][0-9]{0,15}):([1-9][0-9]{0,15}):([1-9][0-9]{0,15})$/.exec(id);
  if (!match) return undefined;
  return { assetId: Number(match[1]), version: Number(match[2]), commentId: Number(match[3]) };
}
/** What a person may subscribe to (R-NOTIFY: a folder, a collection or an asset). */
export const SUBSCRIPTION_TARGETS = ['folder', 'collection', 'asset'] as const;
export type SubscriptionTarget = (typeof SUBSCRIPTION_TARGETS)[number];

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  /** The thing's name as it was when the event happened (an asset's name, a dock's file count…). */
  subject: z.string(),
  actor: z.string().nullable(),
  target: z.object({ kind: z.enum(TARGET_KINDS), id: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** One page of the center, newest first; `next` is the `before` of the following page; `unread` on the first. */
export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  next: z.number().int().nullable(),
  unread: z.number().int().nullable(),
});

export const NOTIFICATION_PAGE_MAX = 100;
export const notificationQuerySchema = z.object({
  before: dbIdParam().optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_PAGE_MAX).default(50),
  unread: z.enum(['true', 'false']).optional(),
});

export const unreadCountSchema = z.object({ unread: z.number().int() });

export const subscriptionParams = z.object({
  target: z.enum(SUBSCRIPTION_TARGETS),
  id: dbIdParam(),
});
export const subscriptionSchema = z.object({ subscribed: z.boolean() });

/** How a person gets notifications by mail: never, one mail each, or one digest a day. */
export const MAIL_MODES = ['off', 'immediate', 'daily'] as const;
export type MailMode = (typeof MAIL_MODES)[number];
/** The languages a person's notification mails are written in. */
export const MAIL_LANGUAGES = ['en', 'fr'] as const;
/**
 * R-NOTIFY-MAIL-TYPES: `mail` is the default of every type; `types` answers each type's own choice (given, only the
 * types to change); `language` the mails' language (the web app sends its own).
 */
export const notificationSettingsSchema = z.strictObject({
  mail: z.enum(MAIL_MODES),
  types: z.partialRecord(z.enum(NOTIFICATION_TYPES), z.enum(MAIL_MODES)).optional(),
  language: z.enum(MAIL_LANGUAGES).optional(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** R-MY-TASKS the action statuses. */
export const TASK_STATUSES = ['Scheduled', 'Completed', 'Error'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const taskSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  status: z.enum(TASK_STATUSES),
  dueAt: z.iso.datetime().nullable(),
  target: z.object({ kind: z.enum(TARGET_KINDS), id: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type Task = z.infer<typeof taskSchema>;
export const taskQuerySchema = z.object({ status: z.enum(TASK_STATUSES).optional() });
export const taskListSchema = z.object({ items: z.array(taskSchema) });
/** The push channel's event for the person's own notifications (beside `library`). */
export const NOTIFICATION_EVENT = 'notification';
export const notificationEventSchema = z.object({ type: z.enum(NOTIFICATION_TYPES) });
