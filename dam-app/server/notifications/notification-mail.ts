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

type Language = 'en' | 'fr';

/** R-NOTIFY-MAIL-FR: the mails' words in each language (the type names stay the spec's own). */
const WORDS = {
  en: {
    by: (actor: string) => ` (by ${actor})`,
    count: (n: number) => `${n} notification${n === 1 ? '' : 's'}`,
    today: 'today',
    colon: ':',
    hello: 'Hello',
    all: 'All your notifications:',
    choose: 'Choose how you get them by mail in your account settings:',
  },
  fr: {
    by: (actor: string) => ` (par ${actor})`,
    count: (n: number) => `${n} notification${n === 1 ? '' : 's'}`,
    today: 'aujourd’hui',
    colon: '\u00a0:',
    hello: 'Bonjour',
    all: 'Toutes vos notifications\u00a0:',
    choose: 'Choisissez comment les recevoir par courriel dans les réglages de votre compte\u00a0:',
  },
} as const;

const line = (publicUrl: string, n: MailedNotification, language: Language) =>
  `- ${n.type}${WORDS[language].colon} ${n.subject}${n.actor ? WORDS[language].by(n.actor) : ''}\n  ${targetLink(publicUrl, n.target)}`;

/** One notification mailed at once, several grouped (a burst's), or a digest (a day's), in the person's language. */
export function notificationMail(
  publicUrl: string,
  to: string,
  username: string,
  items: MailedNotification[],
  options: { digest?: boolean; language?: Language } = {},
): MailMessage {
  const words = WORDS[options.language ?? 'en'];
  const language = options.language ?? 'en';
  const [first] = items;
  const count = words.count(items.length);
  const subject = options.digest
    ? `Rapid DAM${words.colon} ${count} ${words.today}`
    : items.length !== 1 || !first
      ? `Rapid DAM${words.colon} ${count}`
      : `Rapid DAM ${first.type}${words.colon} ${first.subject}`;
  return {
    to,
    subject,
    text: `${words.hello} ${username},\n\n${items.map((n) => line(publicUrl, n, language)).join('\n')}\n\n${words.all} ${publicUrl}/#/notifications\n${words.choose} ${publicUrl}/#/account\n`,
  };
}
