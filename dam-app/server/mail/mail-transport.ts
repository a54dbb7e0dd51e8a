import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DamConfig, SmtpSettings } from '../config/config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/** nodemailer's options for the SMTP server: STARTTLS when offered, TLS from the start when `tls` (smtps). */
export const smtpOptions = (smtp: SmtpSettings) => ({
  host: smtp.host,
  port: smtp.port,
  secure: smtp.tls,
  ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password } } : {}),
});

/**
 * R-RUNTIME-SMTP: sends through the SMTP server the settings name at the moment of sending (a changed setting holds
 * from the next mail, without a restart), or to the outbox while none is named. One connection setup per settings.
 */
export function liveMailTransport(
  config: Pick<DamConfig, 'smtp' | 'mailFrom'>,
  outboxDir: string,
): MailTransport & { outbox(): Promise<OutboxEntry[] | undefined> } {
  const outbox = outboxTransport(outboxDir);
  let current: { key: string; transporter: Transporter } | undefined;
  const transporterFor = (smtp: SmtpSettings) => {
    const key = JSON.stringify(smtp);
    if (current?.key !== key) {
      current?.transporter.close();
      current = { key, transporter: nodemailer.createTransport(smtpOptions(smtp)) };
    }
    return current.transporter;
  };
  return {
    async send(message) {
      if (!config.smtp) return outbox.send(message, config.mailFrom);
      await transporterFor(config.smtp).sendMail({ from: config.mailFrom, ...message });
    },
    outbox: async () => (config.smtp ? undefined : outbox.list()),
  };
}

export interface OutboxEntry extends MailMessage {
  id: string;
  at: string;
}

/**
 * No SMTP configured: each message is written to `outbox/` as the raw mail (`.eml`) plus a JSON summary that the
 * administration screens list, so invitations and resets work offline.
 */
export function outboxTransport(dir: string): {
  send(message: MailMessage, from: string): Promise<void>;
  list(): Promise<OutboxEntry[]>;
} {
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message, from) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const id = `${Date.now()}-${randomUUID()}`;
      const info = await writer.sendMail({ from, ...message });
      await writeFile(join(dir, `${id}.eml`), info.message as Buffer, { mode: 0o600 });
      const entry: OutboxEntry = { id, at: new Date().toISOString(), ...message };
      await writeFile(join(dir, `${id}.json`), JSON.stringify(entry), { mode: 0o600 });
    },
    async list() {
      const names = await readdir(dir).catch(() => [] as string[]);
      const entries = await Promise.all(
        names
          .filter((name) => name.endsWith('.json'))
          .map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as OutboxEntry),
      );
      return entries.sort((a, b) => b.at.localeCompare(a.at));
    },
  };
}
