import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type HealthCheck, SIGNATURE_MAX_AGE_DAYS } from '../../api/health.ts';
import { clamdCommand, scanStream } from '../antivirus/clamd-client.ts';
import { EICAR } from '../antivirus/eicar.ts';
import type { DamServices } from '../services.ts';
import { CHECK_TIMEOUT_MS } from './check-result.ts';

const DAY_MS = 86_400_000;
const SIGNATURE_FILE = /\.(cvd|cld|cud|ndb|hdb|hsb|mdb|msb|ldb|cdb|ign2?|fp|sfp)$/;

/**
 * Antivirus detection (R-HEALTH-TESTS): clamd answers VERSION, detects the EICAR test string sent to it as an upload
 * is, and its signatures are younger than SIGNATURE_MAX_AGE_DAYS (the date in VERSION for official databases, else the
 * newest signature file's). Without DAM_CLAMD: off, "not configured" — uploads then go in unscanned by the site's choice.
 */
export async function antivirusCheck(services: DamServices): Promise<HealthCheck> {
  const { clamd, clamavDatabase } = services.config;
  if (!clamd || !services.config.antivirus)
    return {
      kind: 'antivirus',
      target: 'clamd',
      status: 'off',
      reason: 'not_configured',
      detail: clamd
        ? 'DAM_ANTIVIRUS is off: uploads are not scanned.'
        : 'No DAM_CLAMD: uploads are not scanned.',
      facts: {},
    };
  const target = 'socket' in clamd ? clamd.socket : `${clamd.host}:${clamd.port}`;
  const base = { kind: 'antivirus' as const, target };
  let version: string;
  try {
    version = await clamdCommand(clamd, 'VERSION', CHECK_TIMEOUT_MS);
  } catch (error) {
    return { ...base, status: 'red', reason: 'unreachable', detail: (error as Error).message, facts: {} };
  }
  const [engine = version, , date] = version.split('/');
  const signedAt =
    date && !Number.isNaN(Date.parse(date)) ? Date.parse(date) : await newestSignature(clamavDatabase);
  const facts: HealthCheck['facts'] = { engine };
  if (signedAt !== undefined)
    facts.signatureAgeDays = Math.round(((Date.now() - signedAt) / DAY_MS) * 10) / 10;
  const probe = await scanStream(clamd, [Buffer.from(EICAR)], CHECK_TIMEOUT_MS);
  if (probe.result !== 'infected')
    return {
      ...base,
      facts,
      status: 'red',
      reason: probe.result === 'unscanned' ? 'unreachable' : 'not_detected',
      detail: probe.result === 'unscanned' ? probe.reason : 'clamd took the EICAR test string for clean.',
    };
  facts.detectedAs = probe.signature;
  if (signedAt === undefined)
    return {
      ...base,
      facts,
      status: 'red',
      reason: 'no_signatures',
      detail: `No signature files in ${clamavDatabase}.`,
    };
  if ((facts.signatureAgeDays as number) > SIGNATURE_MAX_AGE_DAYS)
    return {
      ...base,
      facts,
      status: 'red',
      reason: 'signatures_old',
      detail: `Signatures from ${new Date(signedAt).toISOString()}.`,
    };
  return { ...base, facts, status: 'green', reason: 'ok', detail: '' };
}

async function newestSignature(dir: string): Promise<number | undefined> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => SIGNATURE_FILE.test(name));
  const times = await Promise.all(names.map(async (name) => (await stat(join(dir, name))).mtimeMs));
  return times.length ? Math.max(...times) : undefined;
}
