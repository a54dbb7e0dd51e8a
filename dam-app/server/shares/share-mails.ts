import type { MailMessage } from '../mail/mail-transport.ts';

/** One line of text for a subject: no line breaks (no header injection), not too long. */
const oneLine = (text: string) => text.replace(/[\r\n\t\u2028\u2029]+/g, ' ').slice(0, 150);

const dateText = (at: Date) => at.toISOString().slice(0, 10);

/** The mails of external shares, plain text (nothing a name or message holds is markup there). */
export const shareMails = {
  link: (
    to: string,
    share: { sharer: string; name: string; message: string; expiresAt: Date; hasPassword: boolean },
    link: string,
  ): MailMessage => ({
    to,
    subject: oneLine(`${share.sharer} shared "${share.name}" with you`),
    text: `Hello,\n\n${share.sharer} shared files with you: ${share.name}\n${
      share.message ? `\n${share.message}\n` : ''
    }\nOpen the link to see and download them:\n\n${link}\n\nThe link works until ${dateText(share.expiresAt)}.${
      share.hasPassword ? ' The sender will give you its password.' : ''
    }\n`,
  }),
  firstDownload: (to: string, name: string, count: number, max: number | null): MailMessage => ({
    to,
    subject: oneLine(`Your share "${name}" was downloaded`),
    text: `Hello,\n\nYour external share "${name}" was downloaded for the first time${
      max === null ? '.' : ` (${count} of ${max} downloads).`
    }\n`,
  }),
  exhausted: (to: string, name: string, max: number): MailMessage => ({
    to,
    subject: oneLine(`Your share "${name}" reached its download maximum`),
    text: `Hello,\n\nYour external share "${name}" was downloaded ${max} time${
      max === 1 ? '' : 's'
    }, its maximum: its link no longer gives the files. Edit the share to allow more downloads.\n`,
  }),
};
