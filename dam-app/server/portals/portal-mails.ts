import type { MailMessage } from '../mail/mail-transport.ts';

/** One line of text for a subject: no line breaks (no header injection), not too long. */
const oneLine = (text: string) => text.replace(/[\r\n\t\u2028\u2029]+/g, ' ').slice(0, 150);

/** The mails of external portals to their owner, plain text (nothing a name holds is markup there). */
export const portalMails = {
  exhausted: (to: string, name: string, max: number): MailMessage => ({
    to,
    subject: oneLine(`Your portal "${name}" reached its download maximum`),
    text: `Hello,\n\nYour external portal "${name}" was downloaded ${max} time${
      max === 1 ? '' : 's'
    }, its maximum: its visitors can still browse it but no longer download. Edit the portal to allow more downloads.\n`,
  }),
};
