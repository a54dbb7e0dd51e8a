import type { Kysely } from 'kysely';
import type { NotificationType, TargetKind } from '../../api/notifications.ts';
import type { Database } from '../db/schema.ts';
import { parentOf } from '../folders/acl-scope.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import { notificationMail } from './notification-mail.ts';
import {
  assetFollowers,
  groupedMailPending,
  immediateMailTo,
  insertNotifications,
  lastMailedAt,
  markMailed,
  signal,
  userName,
} from './notification-queries.ts';

/**
 * R-NOTIFY-MAIL-GROUP: a person who wants each notification mailed at once gets the first of a burst at once; what
 * comes within this many seconds of a mail waits and goes in one mail when the window closes.
 */
export const MAIL_GROUP_SECONDS = 60;

/** An event a service causes, as it tells `notify`. */
export interface NotifyEvent {
  type: NotificationType;
  /** Who did it (never told of their own action), or null for the system (a reconcile, a job). */
  actorId: number | null;
  /** What the notification names: the asset's name, the dock's description. */
  subject: string;
  target?: { kind: TargetKind; id: number | string };
  /** An asset the event is about: whoever follows it, a folder it is in (at any depth) or a collection holding it. */
  about?: { assetId: number; path: string };
  /** People told directly (the dock's owner, a mentioned person), whether or not they follow anything. */
  to?: number[];
  /** People not to tell this time (they get another notification of the same event, e.g. a Mention). */
  except?: number[];
  /** The loading dock's notificationId (R-DOCK-DOWNLOAD), for the dock's own notification. */
  key?: string;
}

/** Everything `notify` needs besides the transaction: where the mailed links point. */
export interface NotifyContext {
  publicUrl: string;
}

/** Ids per pg_notify payload, well under PostgreSQL's 8,000 bytes. */
const SIGNAL_BATCH = 500;

/**
 * The one event module (issue 28): writes a notification row for every recipient — the people told directly and the
 * followers who may see the asset, never the actor — queues the mails of those who want each one at once, and
 * signals the push channel. Call it with the transaction of the change it reports: a rolled-back change leaves no
 * notification, no mail and no signal (NOTIFY is delivered on commit), and a committed one has each exactly once.
 * Answers the people notified.
 */
export async function notify(
  trx: Kysely<Database>,
  context: NotifyContext,
  event: NotifyEvent,
): Promise<number[]> {
  const recipients = new Set(event.to ?? []);
  if (event.about) {
    const folders = ancestors(event.about.path);
    for (const id of await assetFollowers(trx, event.about.assetId, event.about.path, folders))
      recipients.add(id);
  }
  if (event.actorId !== null) recipients.delete(event.actorId);
  for (const id of event.except ?? []) recipients.delete(id);
  if (recipients.size === 0) return [];
  const ids = [...recipients].sort((a, b) => a - b);
  const target = event.target ? { kind: event.target.kind, id: String(event.target.id) } : undefined;
  const rows = await insertNotifications(
    trx,
    ids.map((userId, index) => ({
      user_id: userId,
      type: event.type,
      subject: event.subject,
      actor_id: event.actorId,
      target_kind: target?.kind ?? null,
      target_id: target?.id ?? null,
      // The key names one row: the first recipient's (a dock has one owner).
      key: index === 0 ? (event.key ?? null) : null,
    })),
  );
  const mailTo = await immediateMailTo(trx, ids, event.type);
  if (mailTo.length) {
    const actor = event.actorId === null ? null : ((await userName(trx, event.actorId)) ?? null);
    const last = await lastMailedAt(
      trx,
      mailTo.map((person) => person.id),
    );
    const mailed = new Set<number>();
    for (const person of mailTo) {
      const since = Date.now() - (last.get(person.id)?.getTime() ?? 0);
      if (since >= MAIL_GROUP_SECONDS * 1000) {
        await queueJob(
          trx,
          'mail.send',
          notificationMail(
            context.publicUrl,
            person.email as string,
            person.username,
            [{ type: event.type, subject: event.subject, actor, target: target ?? null }],
            { language: person.language },
          ),
        );
        mailed.add(person.id);
      } else if (!(await groupedMailPending(trx, person.id)))
        await queueJob(
          trx,
          'notifications.mail-soon',
          { userId: person.id },
          Math.ceil((MAIL_GROUP_SECONDS * 1000 - since) / 1000),
        );
    }
    await markMailed(
      trx,
      rows.filter((row) => mailed.has(row.user_id)).map((row) => row.id),
    );
  }
  for (let start = 0; start < ids.length; start += SIGNAL_BATCH)
    await signal(trx, JSON.stringify({ type: event.type, users: ids.slice(start, start + SIGNAL_BATCH) }));
  return ids;
}

/** The folders an asset is in, from its own up to the storage root. */
function ancestors(path: string): string[] {
  const folders: string[] = [];
  for (let folder = parentOf(path); ; folder = parentOf(folder)) {
    folders.push(folder);
    if (folder === '') return folders;
  }
}
