import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

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
export async function ensureCertificate(home: string, openssl = 'openssl'): Promise<Certificate> {
  const folder = join(home, 'tls');
  const keyFile = join(folder, 'localhost-key.pem');
  const certFile = join(folder, 'localhost-cert.pem');
  const existing = await read(keyFile, certFile);
  if (existing) return existing;
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await new Promise<void>((resolve, reject) =>
    execFile(
      openssl,
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '825',
        '-subj',
        '/CN=Rapid localhost',
        '-addext',
        'subjectAltName=DNS:localhost,DNS:local.connectme.us,IP:127.0.0.1',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      (error) => (error ? reject(error) : resolve()),
    ),
  );
  const made = await read(keyFile, certFile);
  if (!made) throw new Error('openssl did not write the certificate');
  return made;
}

async function read(keyFile: string, certFile: string): Promise<Certificate | undefined> {
  try {
    return { key: await readFile(keyFile, 'utf8'), cert: await readFile(certFile, 'utf8'), certFile };
  } catch {
    return undefined;
  }
}
