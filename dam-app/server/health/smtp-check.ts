import nodemailer from 'nodemailer';
import type { HealthCheck } from '../../api/health.ts';
import type { DamServices } from '../services.ts';
import { CHECK_TIMEOUT_MS } from './check-result.ts';

/** The SMTP server answers and takes our login (nodemailer's verify: connect, EHLO, STARTTLS/AUTH as configured). */
export async function smtpCheck(services: DamServices): Promise<HealthCheck> {
  const { smtpUrl } = services.config;
  if (!smtpUrl)
    return {
      kind: 'smtp',
      target: '',
      status: 'off',
      reason: 'not_configured',
      detail: 'No SMTP_URL: mail is written to the outbox.',
      facts: {},
    };
  const url = new URL(smtpUrl);
  const target = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 25)}`;
  const transport = nodemailer.createTransport({
    url: smtpUrl,
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
