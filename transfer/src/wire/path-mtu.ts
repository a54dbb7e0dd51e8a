import { createSocket } from 'node:dgram';
import { lookup } from 'node:dns/promises';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { isIPv6 } from 'node:net';
import { type NetworkInterfaceInfo, networkInterfaces } from 'node:os';
import { HEADER_BYTES, TRAILER_BYTES } from './packet.ts';

/** The MTU assumed when the interface cannot be found or read (an Ethernet path). */
export const FALLBACK_MTU = 1500;
/** Largest UDP payload over IPv4 (65535 − 20 − 8); also the most an IPv6 session uses. */
export const MAX_DGRAM_SIZE = 65_507;
/** Smallest datagram a session accepts (the transfer spec's lower bound). */
export const MIN_DGRAM_SIZE = 128;

export interface MtuSources {
  interfaces: () => NodeJS.Dict<NetworkInterfaceInfo[]>;
  /** The MTU of a named interface; throws when it cannot be read. */
  readMtu: (name: string) => number;
  platform: string;
}

const linuxSources: MtuSources = {
  interfaces: networkInterfaces,
  readMtu: (name) => Number(readFileSync(`/sys/class/net/${name}/mtu`, 'utf8').trim()),
  platform: process.platform,
};

const isLoopback = (address: string) => address.startsWith('127.') || address === '::1';

/** Name of the interface that owns `address` (a 127/8 address other than the listed one belongs to loopback). */
export function interfaceOf(
  address: string,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>,
): string | undefined {
  const bare = address.replace(/^::ffff:/, '').replace(/%.*$/, '');
  const entries = Object.entries(interfaces);
  const exact = entries.find(([, infos]) => infos?.some((info) => info.address.replace(/%.*$/, '') === bare));
  if (exact) return exact[0];
  if (!isLoopback(bare)) return undefined;
  return entries.find(([, infos]) => infos?.some((info) => info.internal && isLoopback(info.address)))?.[0];
}

/**
 * MTU of the interface a UDP socket with local address `address` uses. Linux reads `/sys/class/net/<if>/mtu`;
 * elsewhere, or when the address matches no interface (a wildcard bind), the answer is the 1500-byte fallback.
 */
export function interfaceMtu(address: string, sources: MtuSources = linuxSources): number {
  if (sources.platform !== 'linux') return FALLBACK_MTU;
  const name = interfaceOf(address, sources.interfaces());
  if (!name) return FALLBACK_MTU;
  try {
    const mtu = sources.readMtu(name);
    return Number.isInteger(mtu) && mtu >= 576 ? mtu : FALLBACK_MTU;
  } catch {
    return FALLBACK_MTU;
  }
}

/**
 * Datagram size for a session whose two ends report `localMtu` and `peerMtu`: the smaller MTU minus the IP and UDP
 * headers, capped at the UDP maximum, so a packet never needs IP fragmentation (PROTOCOL.md §2.1).
 */
export function dgramSizeForMtu(localMtu: number, peerMtu: number, ipv6: boolean): number {
  const overhead = (ipv6 ? 40 : 20) + 8;
  const size = Math.min(localMtu, peerMtu) - overhead;
  return Math.max(MIN_DGRAM_SIZE, Math.min(MAX_DGRAM_SIZE, size));
}

/** True for a datagram size a session may use: room for the header, the trailer and at least one payload byte. */
export function isValidDgramSize(size: number): boolean {
  return (
    Number.isInteger(size) &&
    size >= Math.max(MIN_DGRAM_SIZE, HEADER_BYTES + TRAILER_BYTES + 1) &&
    size <= MAX_DGRAM_SIZE
  );
}

/**
 * The local address the kernel picks to reach `remote` (a connected UDP socket sends nothing), so the client knows
 * its outgoing interface before the session's own socket exists.
 */
export async function localAddressTowards(remote: string, port: number): Promise<string> {
  const socket = createSocket(isIPv6(remote) ? 'udp6' : 'udp4');
  try {
    socket.connect(port, remote);
    await once(socket, 'connect');
    return socket.address().address;
  } finally {
    socket.close();
  }
}

/** MTU of the interface this host uses towards `host` (resolved); the fallback when the route cannot be learned. */
export async function mtuTowards(
  host: string,
  port: number,
  sources: MtuSources = linuxSources,
): Promise<number> {
  try {
    const { address } = await lookup(host);
    return interfaceMtu(await localAddressTowards(address, port), sources);
  } catch {
    return FALLBACK_MTU;
  }
}
