import type { z } from 'zod';
import {
  type MailMode,
  NOTIFICATION_TYPES,
  type NotificationSettings,
  type NotificationType,
  type notificationQuerySchema,
  type SubscriptionTarget,
  TARGET_KINDS,
  type TargetKind,
} from '../../api/notifications.ts';
import type { Principal } from '../access/principal.ts';
import { notFound } from '../api/api-error.ts';
import { visibleAsset } from '../assets/asset-records.ts';
import { visibleFolder } from '../folders/folder-records.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import type { DamServices } from '../services.ts';
import { visibleCollection } from '../working-sets/collection-service.ts';
import { notificationMail } from './notification-mail.ts';
import * as queries from './notification-queries.ts';

const targetOf = (kind: string | null, id: string | null) =>
  kind && id !== null && (TARGET_KINDS as readonly string[]).includes(kind)
    ? { kind: kind as TargetKind, id }
    : null;

/** A page of my notification center, newest first, with my unread count. */
export async function listNotifications(
  services: DamServices,
  principal: Principal,
  query: z.output<typeof notificationQuerySchema>,
) {
  const userId = principal.user.id;
  const rows = await queries.notificationPage(services.db, userId, {
    before: query.before,
    limit: query.limit,
    unreadOnly: query.unread === 'true',
  });
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => ({
      id: row.id,
      type: row.type as NotificationType,
      subject: row.subject,
      actor: row.actor ?? null,
      target: targetOf(row.target_kind, row.target_id),
      createdAt: row.created_at.toISOString(),
      read: row.read_at !== null,
    })),
    next: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
    // The count once, on the first page: the later ones are then an index range each.
    unread: query.before === undefined ? await queries.unreadCount(services.db, userId) : null,
  };
}

export async function unread(services: DamServices, principal: Principal) {
  return { unread: await queries.unreadCount(services.db, principal.user.id) };
}

export async function markRead(services: DamServices, principal: Principal, id: number) {
  if (!(await queries.markRead(services.db, principal.user.id, id))) throw notFound('notification');
}

export async function markAllRead(services: DamServices, principal: Principal) {
  await queries.markAllRead(services.db, principal.user.id);
}

/** A subscription's target must be one the person may see (404 otherwise, as everywhere). */
async function assertVisible(
  services: DamServices,
  principal: Principal,
  target: SubscriptionTarget,
  id: number,
) {
  if (target === 'folder') await visibleFolder(services, principal, id);
  else if (target === 'asset') await visibleAsset(services, principal, id);
  else await visibleCollection(services, principal, id);
}

export async function subscription(
  services: DamServices,
  principal: Principal,
  target: SubscriptionTarget,
  id: number,
) {
  await assertVisible(services, principal, target, id);
  return { subscribed: await queries.isSubscribed(services.db, principal.user.id, target, id) };
}

export async function subscribe(
  services: DamServices,
  principal: Principal,
  target: SubscriptionTarget,
  id: number,
) {
  await assertVisible(services, principal, target, id);
  await queries.addSubscription(services.db, principal.user.id, target, id);
  return { subscribed: true };
}

export async function unsubscribe(
  services: DamServices,
  principal: Principal,
  target: SubscriptionTarget,
  id: number,
) {
  // Leaving a subscription needs no sight of its target: one may leave what one can no longer see.
  await queries.removeSubscription(services.db, principal.user.id, target, id);
  return { subscribed: false };
}

/** R-NOTIFY-MAIL-TYPES: the one setting, each type's mode (its own, else the one setting), the mails' language. */
export async function settings(services: DamServices, principal: Principal): Promise<NotificationSettings> {
  const row = await queries.mailSetting(services.db, principal.user.id);
  const mail = row?.mail ?? 'off';
  const own = row?.types ?? {};
  return {
    mail,
    types: Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, own[type] ?? mail])),
    language: row?.language ?? 'en',
  };
}

/**
 * Keeps a type's own mode only where it differs from the one setting, so changing that setting later moves every
 * type the person did not set apart. Types not given keep what they had.
 */
export async function saveSettings(services: DamServices, principal: Principal, body: NotificationSettings) {
  const row = await queries.mailSetting(services.db, principal.user.id);
  const merged: Record<string, MailMode> = { ...(row?.types ?? {}), ...(body.types ?? {}) };
  const types = Object.fromEntries(Object.entries(merged).filter(([, mode]) => mode !== body.mail));
  await queries.saveMailSetting(services.db, principal.user.id, {
    mail: body.mail,
    types,
    language: body.language,
  });
  return settings(services, principal);
}

/** A digest lists at most this many; the rest wait for the next one (the center has them all). */
export const DIGEST_MAX = 200;
/** The digest job runs once a day across every server (a scheduled job). */
export const DIGEST_JOB = 'notifications.digest';
export const DIGEST_EVERY_SECONDS = 24 * 60 * 60;

/**
 * The daily digest: one mail per person on the digest with the notifications they have neither read nor been mailed,
 * each mail queued in the transaction that marks them mailed, so a repeated or concurrent run mails nothing twice.
 */
/**
 * R-NOTIFY-MAIL-GROUP: the `notifications.mail-soon` job — the person's notifications not yet mailed (nor read in the
 * app meanwhile), in one mail; locked as the digest's are, so a second run sends nothing twice.
 */
export async function sendGroupedMail(services: DamServices, userId: number): Promise<void> {
  await services.db.transaction().execute(async (trx) => {
    const person = await queries.mailPerson(trx, userId);
    if (!person) return;
    const items = await queries.claimDigest(trx, userId, DIGEST_MAX, 'immediate');
    if (items.length === 0) return;
    await queueJob(
      trx,
      'mail.send',
      notificationMail(
        services.config.publicUrl,
        person.email as string,
        person.username,
        items.map((item) => ({
          type: item.type as NotificationType,
          subject: item.subject,
          actor: item.actor ?? null,
          target: targetOf(item.target_kind, item.target_id),
        })),
        { language: person.language },
      ),
    );
    await queries.markMailed(
      trx,
      items.map((item) => item.id),
    );
  });
}

export async function sendDigests(services: DamServices): Promise<number> {
  let sent = 0;
  for (const person of await queries.digestRecipients(services.db)) {
    const mailed = await services.db.transaction().execute(async (trx) => {
      const items = await queries.claimDigest(trx, person.id, DIGEST_MAX, 'daily');
      if (items.length === 0) return false;
      await queueJob(
        trx,
        'mail.send',
        notificationMail(
          services.config.publicUrl,
          person.email as string,
          person.username,
          items.map((item) => ({
            type: item.type as NotificationType,
            subject: item.subject,
            actor: item.actor ?? null,
            target: targetOf(item.target_kind, item.target_id),
          })),
          { digest: true, language: person.language },
        ),
      );
      await queries.markMailed(
        trx,
        items.map((item) => item.id),
      );
      await queries.markDigested(trx, person.id);
      return true;
    });
    if (mailed) sent++;
  }
  if (sent) services.jobs.kick();
  return sent;
}
