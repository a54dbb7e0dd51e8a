import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  dgramSizeForMtu,
  FALLBACK_MTU,
  interfaceMtu,
  interfaceOf,
  isValidDgramSize,
  localAddressTowards,
  MAX_DGRAM_SIZE,
  type MtuSources,
  mtuTowards,
} from './path-mtu.ts';

const info = (address: string, internal = false): NetworkInterfaceInfo =>
  ({ address, internal, family: address.includes(':') ? 'IPv6' : 'IPv4' }) as NetworkInterfaceInfo;

const interfaces = {
  lo: [info('127.0.0.1', true), info('::1', true)],
  eth0: [info('192.168.1.20'), info('fe80::1%eth0')],
  tun0: [info('10.99.0.1')],
};
const mtus: Record<string, number> = { lo: 65536, eth0: 9000, tun0: 1500 };

function sources(overrides: Partial<MtuSources> = {}): MtuSources {
  return {
    interfaces: () => interfaces,
    readMtu: (name) => {
      const mtu = mtus[name];
      if (mtu === undefined) throw new Error(`no ${name}`);
      return mtu;
    },
    platform: 'linux',
    ...overrides,
  };
}

describe('interfaceOf', () => {
  it('matches the address of an interface, IPv4-mapped and scoped forms included', () => {
    expect(interfaceOf('10.99.0.1', interfaces)).toBe('tun0');
    expect(interfaceOf('::ffff:192.168.1.20', interfaces)).toBe('eth0');
    expect(interfaceOf('fe80::1%2', interfaces)).toBe('eth0');
  });

  it('puts any 127/8 address on the loopback interface and knows nothing of others', () => {
    expect(interfaceOf('127.0.0.2', interfaces)).toBe('lo');
    expect(interfaceOf('0.0.0.0', interfaces)).toBeUndefined();
    expect(interfaceOf('203.0.113.9', interfaces)).toBeUndefined();
  });
});

describe('interfaceMtu', () => {
  it('reads the MTU of the interface that owns the address', () => {
    expect(interfaceMtu('127.0.0.1', sources())).toBe(65536);
    expect(interfaceMtu('10.99.0.1', sources())).toBe(1500);
    expect(interfaceMtu('192.168.1.20', sources())).toBe(9000);
  });

  it('falls back to 1500 off Linux, for unknown or wildcard addresses and unreadable or absurd values', () => {
    expect(interfaceMtu('127.0.0.1', sources({ platform: 'darwin' }))).toBe(FALLBACK_MTU);
    expect(interfaceMtu('0.0.0.0', sources())).toBe(FALLBACK_MTU);
    expect(interfaceMtu('10.99.0.1', sources({ readMtu: () => Number.NaN }))).toBe(FALLBACK_MTU);
    expect(interfaceMtu('10.99.0.1', sources({ readMtu: () => 100 }))).toBe(FALLBACK_MTU);
    expect(
      interfaceMtu(
        '10.99.0.1',
        sources({
          readMtu: () => {
            throw new Error('EACCES');
          },
        }),
      ),
    ).toBe(FALLBACK_MTU);
  });
});

describe('dgramSizeForMtu', () => {
  it('takes the smaller MTU minus the IP and UDP headers', () => {
    expect(dgramSizeForMtu(1500, 1500, false)).toBe(1472);
    expect(dgramSizeForMtu(65536, 1500, false)).toBe(1472);
    expect(dgramSizeForMtu(9000, 65536, false)).toBe(8972);
    expect(dgramSizeForMtu(1500, 9000, true)).toBe(1452);
  });

  it('caps at the UDP maximum, so loopback gets the largest datagram', () => {
    expect(dgramSizeForMtu(65536, 65536, false)).toBe(MAX_DGRAM_SIZE);
    expect(dgramSizeForMtu(65536, 65536, true)).toBe(65536 - 48);
  });

  it('every size it returns is valid for a session', () => {
    for (const mtu of [576, 1280, 1500, 9000, 65536])
      expect(isValidDgramSize(dgramSizeForMtu(mtu, mtu, false))).toBe(true);
    expect(isValidDgramSize(MAX_DGRAM_SIZE + 1)).toBe(false);
    expect(isValidDgramSize(52)).toBe(false);
    expect(isValidDgramSize(1472.5)).toBe(false);
  });
});

describe('on this host', () => {
  it('learns the loopback route and its MTU from the real interfaces', async () => {
    expect(await localAddressTowards('127.0.0.1', 9)).toBe('127.0.0.1');
    const expected = process.platform === 'linux' ? interfaceMtu('127.0.0.1') : FALLBACK_MTU;
    expect(await mtuTowards('localhost', 9)).toBe(expected);
    expect(expected).toBeGreaterThanOrEqual(1500);
  });

  it('answers the fallback when the host does not resolve', async () => {
    expect(await mtuTowards('no-such-host.invalid', 9)).toBe(FALLBACK_MTU);
  });
});
