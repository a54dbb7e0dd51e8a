import type { NotificationType, TargetKind } from '../../api/notifications.ts';
import type { MailMessage } from '../mail/mail-transport.ts';

export interface MailedNotification {
  type: NotificationType;
  subject: string;
  actor: string | null;
  target: { kind: TargetKind; id: string } | null;
}

/** The app's address of a notification's thing (the web app's hash routes). */
export function targetLink(publicUrl: string, target: MailedNotification['target']): string {
  if (!target) return `${publicUrl}/#/notifications`;
  if (target.kind === 'dock') return `${publicUrl}/#/loading-dock`;
  if (target.kind === 'collection') return `${publicUrl}/#/collections/${encodeURIComponent(target.id)}`;
  return `${publicUrl}/#/${target.kind}/${encodeURIComponent(target.id)}`;
}

const line = (publicUrl: string, n: MailedNotification) =>
  `- ${n.type}: ${n.subject}${n.actor ? ` (by ${n.actor})` : ''}\n  ${targetLink(publicUrl, n.target)}`;

/** One notification mailed at once, or a digest of several (a day's). */
export function notificationMail(
  publicUrl: string,
  to: string,
  username: string,
  items: MailedNotification[],
  digest = false,
): MailMessage {
  const [first] = items;
  const count = `${items.length} notification${items.length === 1 ? '' : 's'}`;
  const subject = digest
    ? `Rapid DAM: ${count} today`
    : items.length !== 1 || !first
      ? `Rapid DAM: ${count}`
      : `Rapid DAM ${first.type}: ${first.subject}`;
  return {
    to,
    subject,
    text: `Hello ${username},\n\n${items.map((n) => line(publicUrl, n)).join('\n')}\n\nAll your notifications: ${publicUrl}/#/notifications\nChoose how you get them by mail in your account settings: ${publicUrl}/#/account\n`,
  };
}
