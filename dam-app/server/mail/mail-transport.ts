import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/** SMTP through nodemailer (`smtp://user:pass@host:port`, or `smtps://`). */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transporter.sendMail({ from, ...message });
    },
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
export function outboxTransport(
  dir: string,
  from: string,
): MailTransport & { list(): Promise<OutboxEntry[]> } {
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
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
