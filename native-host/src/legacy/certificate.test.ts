import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureCertificate } from './certificate.ts';

let dir = '';
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A TLS handshake to `servername` at 127.0.0.1 trusting only `ca`; resolves with the verification error, if any. */
function handshake(port: number, ca: string, servername: string | undefined) {
  return new Promise<string | undefined>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, ca, servername }, () => {
      socket.end();
      resolve(undefined);
    });
    socket.on('error', (error) => resolve((error as NodeJS.ErrnoException).code ?? error.message));
  });
}

function extension(pem: string, name: string): string {
  return execFileSync('openssl', ['x509', '-noout', '-ext', name], { input: pem, encoding: 'utf8' });
}

describe('the per-install localhost certificate', () => {
  it('is a server certificate signed by an authority limited to the local names, whose key is not kept', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rapid-cert-'));
    const tls = await ensureCertificate(dir);
    const ca = new X509Certificate(tls.ca);
    const cert = new X509Certificate(tls.cert);
    expect(ca.ca).toBe(true);
    expect(cert.ca).toBe(false);
    expect(cert.checkIssued(ca)).toBe(true);
    expect(cert.subjectAltName).toBe('DNS:localhost, DNS:local.connectme.us, IP Address:127.0.0.1');
    expect(cert.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']);
    expect(extension(tls.ca, 'basicConstraints')).toMatch(/critical\s+CA:TRUE, pathlen:0/);
    expect(extension(tls.ca, 'keyUsage')).toMatch(/critical\s+Certificate Sign\s*$/);
    const constraints = extension(tls.ca, 'nameConstraints');
    expect(constraints).toMatch(/critical/);
    expect(constraints.match(/DNS:[^\s]+|IP:[^\s]+/g)).toEqual([
      'DNS:localhost',
      'DNS:local.connectme.us',
      'IP:127.0.0.1/255.255.255.255',
    ]);
    // Only the server's own key is on disk: nothing can sign another certificate under the authority.
    expect((await readdir(join(dir, 'tls'))).sort()).toEqual([
      'localhost-ca.pem',
      'localhost-cert.pem',
      'localhost-key.pem',
    ]);
    expect(new X509Certificate(tls.cert).publicKey.export({ format: 'der', type: 'spki' })).not.toEqual(
      ca.publicKey.export({ format: 'der', type: 'spki' }),
    );
  });

  it('lets a client that trusts only the authority verify localhost and local.connectme.us, and no other name', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rapid-cert-'));
    const tls = await ensureCertificate(dir);
    const server = createServer({ key: tls.key, cert: tls.cert }, (_req, res) => res.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect(await handshake(port, tls.ca, 'localhost')).toBeUndefined();
      expect(await handshake(port, tls.ca, 'local.connectme.us')).toBeUndefined();
      expect(await handshake(port, tls.ca, undefined)).toBeUndefined(); // checked against IP 127.0.0.1
      expect(await handshake(port, tls.ca, 'example.com')).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
      const other = await ensureCertificate(join(dir, 'other'));
      expect(await handshake(port, other.ca, 'localhost')).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
    } finally {
      server.close();
    }
  });

  it('is reused while valid, and made anew for an older layout or when it is about to expire', async () => {
    dir = await mkdtemp(join(tmpdir(), 'rapid-cert-'));
    const first = await ensureCertificate(dir);
    expect(first.replaced).toBe(false);
    expect(await ensureCertificate(dir)).toMatchObject({ cert: first.cert, replaced: false });
    const expiry = Date.parse(new X509Certificate(first.cert).validTo);
    const renewed = await ensureCertificate(dir, expiry - 10 * 24 * 3600 * 1000);
    expect(renewed.cert).not.toBe(first.cert);
    expect(renewed.replaced).toBe(true);
    // An install from before the authority: a self-signed server certificate and no authority file.
    await rm(join(dir, 'tls', 'localhost-ca.pem'));
    await writeFile(join(dir, 'tls', 'localhost-cert.pem'), renewed.ca);
    const migrated = await ensureCertificate(dir);
    expect(migrated.ca).not.toBe(renewed.ca);
    expect(migrated.replaced).toBe(true);
    expect(new X509Certificate(migrated.cert).checkIssued(new X509Certificate(migrated.ca))).toBe(true);
  });
});
