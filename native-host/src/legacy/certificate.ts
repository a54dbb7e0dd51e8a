import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { selfSignedCertificate } from '@rapid/transfer';

export interface Certificate {
  key: string;
  cert: string;
  certFile: string;
}

/**
 * The per-install localhost certificate of the legacy HTTPS server, made once with `openssl` (valid for localhost,
 * local.connectme.us and 127.0.0.1) and kept in `<home>/tls`. The install script adds it to the user's browser
 * trust store; without `openssl` there is no legacy server.
 */
export async function ensureCertificate(home: string): Promise<Certificate> {
  const folder = join(home, 'tls');
  const keyFile = join(folder, 'localhost-key.pem');
  const certFile = join(folder, 'localhost-cert.pem');
  const existing = await read(keyFile, certFile);
  if (existing) return existing;
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const { key, cert } = selfSignedCertificate(
    'Rapid localhost',
    'DNS:localhost,DNS:local.connectme.us,IP:127.0.0.1',
  );
  await writeFile(keyFile, key, { mode: 0o600 });
  await writeFile(certFile, cert);
  return { key, cert, certFile };
}

async function read(keyFile: string, certFile: string): Promise<Certificate | undefined> {
  try {
    return { key: await readFile(keyFile, 'utf8'), cert: await readFile(certFile, 'utf8'), certFile };
  } catch {
    return undefined;
  }
}
