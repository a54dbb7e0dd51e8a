import { randomBytes, randomInt } from 'node:crypto';
import type { PacketVersion } from './packet.ts';
import { PacketCodec } from './packet-codec.ts';

/** What both ends of a session need on the data channel: its id on the node's socket, the AES key and the salt. */
export interface UdpCredentials {
  sessionId: number;
  key: Buffer | undefined;
  salt: Buffer;
}

/** The wire form, in `hello.udp` (the client's proposal) and in `accept` (what the session uses). */
export interface UdpCredentialsWire {
  session_id: number;
  key?: string | undefined;
  salt: string;
}

const SESSION_ID_MAX = 2 ** 32 - 1;

export function keyLengthFor(cipher: string): number {
  if (cipher === 'none') return 0;
  if (cipher.includes('256')) return 32;
  if (cipher.includes('192')) return 24;
  return 16;
}

/** Fresh random credentials for a session with this cipher. */
export function newCredentials(cipher: string): UdpCredentials {
  const keyLength = keyLengthFor(cipher);
  return {
    sessionId: randomInt(1, SESSION_ID_MAX),
    key: keyLength > 0 ? randomBytes(keyLength) : undefined,
    salt: randomBytes(4),
  };
}

export function toWire(credentials: UdpCredentials): UdpCredentialsWire {
  return {
    session_id: credentials.sessionId,
    ...(credentials.key ? { key: credentials.key.toString('base64') } : {}),
    salt: credentials.salt.toString('base64'),
  };
}

/** The credentials a proposal names, or undefined when they do not fit the cipher (wrong key length, bad salt). */
export function fromWire(wire: UdpCredentialsWire, cipher: string): UdpCredentials | undefined {
  const key = wire.key === undefined ? undefined : Buffer.from(wire.key, 'base64');
  const salt = Buffer.from(wire.salt, 'base64');
  if (salt.length !== 4 || (key?.length ?? 0) !== keyLengthFor(cipher)) return undefined;
  return { sessionId: wire.session_id, key, salt };
}

export const codecOf = (credentials: UdpCredentials, version: PacketVersion = 1) =>
  new PacketCodec(credentials.key, credentials.salt, version);
