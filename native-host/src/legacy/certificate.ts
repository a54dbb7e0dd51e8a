import { X509Certificate } from 'node:crypto';
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeLocalhostMaterial } from './localhost-authority.ts';

export interface Certificate {
  key: string;
  /** The server certificate the local HTTPS servers present. */
  cert: string;
  /** The per-install authority that signed it, as PEM; the install trusts this file in the browsers. */
  ca: string;
  caFile: string;
  /** Made anew in place of an earlier certificate (expiring, or an older layout): browsers must trust it again. */
  replaced: boolean;
}

const RENEW_BEFORE_MS = 30 * 24 * 3600 * 1000;

/**
 * The per-install localhost certificate of the legacy HTTPS and Drive servers, kept in `<home>/tls` (see
 * `localhost-authority.ts` for why there is an authority). Made with `openssl` when missing, unreadable, from an
 * older layout, or within 30 days of expiry; without `openssl` there are no HTTPS servers.
 */
export async function ensureCertificate(home: string, now = Date.now()): Promise<Certificate> {
  const folder = join(home, 'tls');
  const files = {
    key: join(folder, 'localhost-key.pem'),
    cert: join(folder, 'localhost-cert.pem'),
    ca: join(folder, 'localhost-ca.pem'),
  };
  const existing = await read(files);
  if (existing && usable(existing, now)) return { ...existing, caFile: files.ca, replaced: false };
  const replaced = await access(files.cert).then(
    () => true,
    () => false,
  );
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const made = await makeLocalhostMaterial();
  await writeFile(files.key, made.key, { mode: 0o600 });
  await writeFile(files.cert, made.cert);
  await writeFile(files.ca, made.ca);
  return { ...made, caFile: files.ca, replaced };
}

async function read(files: { key: string; cert: string; ca: string }) {
  try {
    const [key, cert, ca] = await Promise.all(
      [files.key, files.cert, files.ca].map((f) => readFile(f, 'utf8')),
    );
    return { key: key as string, cert: cert as string, ca: ca as string };
  } catch {
    return undefined;
  }
}

function usable(material: { cert: string; ca: string }, now: number): boolean {
  try {
    const cert = new X509Certificate(material.cert);
    const ca = new X509Certificate(material.ca);
    return ca.ca && !cert.ca && cert.verify(ca.publicKey) && Date.parse(cert.validTo) - now > RENEW_BEFORE_MS;
  } catch {
    return false;
  }
}
