import type { MailMessage } from './mail-transport.ts';

/** The texts of the mails the accounts screens send. Links carry tokens that work once and expire. */
export const mails = {
  passwordReset: (to: string, username: string, link: string, hours: number): MailMessage => ({
    to,
    subject: 'Reset your Rapid DAM password',
    text: `Hello ${username},\n\nSomeone asked to reset the password of your Rapid DAM account. To choose a new password, open:\n\n${link}\n\nThe link works once, for ${hours} hour${hours === 1 ? '' : 's'}; a newer link replaces it. Choosing a new password signs the account out on every device and revokes its API keys. If you did not ask for this, ignore this mail: your password stays as it is.\n`,
  }),
  activation: (to: string, username: string, code: string, link: string): MailMessage => ({
    to,
    subject: 'Your Rapid DAM activation code',
    text: `Hello ${username},\n\nYour activation code is:\n\n    ${code}\n\nEnter it on the Activation code screen (${link}) to start using your account.\n`,
  }),
  invitation: (to: string, inviter: string, link: string, days: number): MailMessage => ({
    to,
    subject: `${inviter} invited you to Rapid DAM`,
    text: `Hello,\n\n${inviter} invited you to the Rapid DAM. To create your account, open:\n\n${link}\n\nThe invitation is valid for ${days} days.\n`,
  }),
};
