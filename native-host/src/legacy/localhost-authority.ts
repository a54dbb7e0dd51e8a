import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The names the local HTTPS servers answer as: the legacy SDK's host, and loopback. */
export const LOCAL_NAMES = ['localhost', 'local.connectme.us'];
export const LOCAL_IP = '127.0.0.1';
const DAYS = 825;

export interface LocalhostMaterial {
  /** The authority the install trusts: name-constrained to the local names, its private key never kept. */
  ca: string;
  /** The server's certificate, signed by `ca`. */
  cert: string;
  key: string;
}

/**
 * Makes a per-install authority and the server certificate it signs, with `openssl`. Browsers accept a
 * self-signed server certificate only as an authority (Firefox rejects one used as its own end entity), so the
 * authority is made as harmless as it can be: it may issue only server certificates for localhost,
 * local.connectme.us and 127.0.0.1 (name constraints, path length 0, server-auth only), and its private key is
 * deleted as soon as the server certificate is signed, so nothing can ever issue another certificate under it.
 */
export async function makeLocalhostMaterial(): Promise<LocalhostMaterial> {
  const dir = await mkdtemp(join(tmpdir(), 'rapid-ca-'));
  const file = (name: string) => join(dir, name);
  const openssl = (args: string[]) => promisify(execFile)('openssl', args, { cwd: dir });
  try {
    const id = randomBytes(4).toString('hex');
    await writeFile(file('openssl.cnf'), config(id));
    const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
    await openssl([
      'req',
      '-x509',
      ...ecKey,
      '-config',
      'openssl.cnf',
      '-extensions',
      'authority',
      '-subj',
      `/O=Rapid/CN=Rapid localhost authority ${id}`,
      '-days',
      String(DAYS),
      '-keyout',
      'ca-key.pem',
      '-out',
      'ca.pem',
    ]);
    await openssl([
      'req',
      '-new',
      ...ecKey,
      '-config',
      'openssl.cnf',
      '-subj',
      '/O=Rapid/CN=localhost',
      '-keyout',
      'key.pem',
      '-out',
      'server.csr',
    ]);
    await openssl([
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca-key.pem',
      '-set_serial',
      `0x${randomBytes(16).toString('hex')}`,
      '-days',
      String(DAYS),
      '-extfile',
      'openssl.cnf',
      '-extensions',
      'server',
      '-out',
      'cert.pem',
    ]);
    const [ca, cert, key] = await Promise.all(
      ['ca.pem', 'cert.pem', 'key.pem'].map((name) => readFile(file(name), 'utf8')),
    );
    return { ca: ca as string, cert: cert as string, key: key as string };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function config(id: string): string {
  const dns = LOCAL_NAMES.map((name) => `DNS:${name}`);
  return [
    '[req]',
    'distinguished_name = name',
    'prompt = no',
    '[name]',
    `CN = Rapid ${id}`,
    '[authority]',
    'basicConstraints = critical, CA:TRUE, pathlen:0',
    'keyUsage = critical, keyCertSign',
    'extendedKeyUsage = serverAuth',
    'subjectKeyIdentifier = hash',
    `nameConstraints = critical, ${[...dns, `IP:${LOCAL_IP}/255.255.255.255`].map((each) => `permitted;${each}`).join(', ')}`,
    '[server]',
    'basicConstraints = critical, CA:FALSE',
    'keyUsage = critical, digitalSignature',
    'extendedKeyUsage = serverAuth',
    'subjectKeyIdentifier = hash',
    'authorityKeyIdentifier = keyid',
    `subjectAltName = ${[...dns, `IP:${LOCAL_IP}`].join(', ')}`,
    '',
  ].join('\n');
}
