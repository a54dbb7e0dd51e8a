import nodemailer from 'nodemailer';
import type { HealthCheck } from '../../api/health.ts';
import { smtpOptions } from '../mail/mail-transport.ts';
import type { DamServices } from '../services.ts';
import { CHECK_TIMEOUT_MS } from './check-result.ts';

/** The SMTP server answers and takes our login (nodemailer's verify: connect, EHLO, STARTTLS/AUTH as configured). */
export async function smtpCheck(services: DamServices): Promise<HealthCheck> {
  const { smtp } = services.config;
  if (!smtp)
    return {
      kind: 'smtp',
      target: '',
      status: 'off',
      reason: 'not_configured',
      detail: 'No SMTP server is set: mail is written to the outbox.',
      facts: {},
    };
  const target = `${smtp.host}:${smtp.port}`;
  const transport = nodemailer.createTransport({
    ...smtpOptions(smtp),
    connectionTimeout: CHECK_TIMEOUT_MS,
    greetingTimeout: CHECK_TIMEOUT_MS,
    socketTimeout: CHECK_TIMEOUT_MS,
  });
  try {
    await transport.verify();
    return { kind: 'smtp', target, status: 'green', reason: 'ok', detail: '', facts: {} };
  } catch (error) {
    return {
      kind: 'smtp',
      target,
      status: 'red',
      reason: 'unreachable',
      detail: (error as Error).message,
      facts: {},
    };
  } finally {
    transport.close();
  }
}
