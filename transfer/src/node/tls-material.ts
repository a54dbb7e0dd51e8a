import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Lowercase hex SHA-256 of the certificate's DER: the `sshfp` clients pin (PROTOCOL.md §1.1). */
export function certificateFingerprint(cert: string | Buffer): string {
  return new X509Certificate(cert).fingerprint256.replaceAll(':', '').toLowerCase();
}

/**
 * A self-signed certificate (EC P-256, 825 days) made with the openssl CLI: for a node that has none (development
 * and tests), and for the local client's localhost server.
 */
export function selfSignedCertificate(
  commonName: string,
  subjectAltName = `DNS:${commonName},IP:127.0.0.1`,
): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'rapid-tls-'));
  try {
    execFileSync(
      'openssl',
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
        `/CN=${commonName}`,
        '-addext',
        `subjectAltName=${subjectAltName}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
