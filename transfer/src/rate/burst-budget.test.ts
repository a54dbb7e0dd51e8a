import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { socketFd } from '../native/socket-fd.ts';
import { builtAddon } from '../test-support/built-addon.ts';
import { BURST_BUFFER_SHARE, burstDatagrams, chargedBytes, localReceiveBufferBytes } from './burst-budget.ts';

describe('the burst budget', () => {
  it('counts what the kernel charges a datagram, not its bytes', () => {
    expect(chargedBytes(1472)).toBe(2304);
    expect(chargedBytes(8972)).toBe(16_640);
    expect(chargedBytes(65_507)).toBe(131_328);
  });

  it('fills a quarter of the granted buffer at most, and always lets one datagram go', () => {
    expect(burstDatagrams(8 * 1024 * 1024, 1472)).toBe(910);
    expect(burstDatagrams(8 * 1024 * 1024, 65_507)).toBe(15);
    expect(burstDatagrams(256 * 1024, 16_000)).toBe(3);
    expect(burstDatagrams(1000, 65_507)).toBe(1);
  });

  it('reads the granted maximum of this machine (doubled as the kernel reports it)', () => {
    expect(localReceiveBufferBytes()).toBeGreaterThanOrEqual(2 * 4096);
  });

  it.skipIf(process.platform !== 'linux')(
    'a burst of that size lands whole in a receiving socket nobody reads (sendmmsg, then UDP GSO)',
    async () => {
      const addon = builtAddon();
      for (const segment of [false, true]) {
        const [rx, tx] = [createSocket('udp4'), createSocket('udp4')];
        rx.bind(0, '127.0.0.1');
        tx.bind(0, '127.0.0.1');
        await Promise.all([once(rx, 'listening'), once(tx, 'listening')]);
        rx.setRecvBufferSize(1024 * 1024);
        const granted = rx.getRecvBufferSize();
        // Read by hand below, before the event loop lets libuv read any of it.
        const rfd = socketFd(rx) as number;
        const burst = burstDatagrams(granted, 1472);
        // Four bursts back to back fill the buffer; a fifth no longer fits: the charge is what the budget assumes.
        const datagrams = Array.from({ length: burst / BURST_BUFFER_SHARE + burst }, () => [
          Buffer.alloc(1472, 7),
        ]);
        addon.sendBatch(socketFd(tx) as number, datagrams, rx.address().port, '127.0.0.1', segment);
        const lengths = new Int32Array(128);
        const scratch = Buffer.allocUnsafe(2048 * 128);
        let got = 0;
        for (
          let n = addon.recvBatch(rfd, scratch, 2048, lengths);
          n > 0;
          n = addon.recvBatch(rfd, scratch, 2048, lengths)
        )
          got += n;
        rx.close();
        tx.close();
        expect(got).toBeGreaterThanOrEqual(burst / BURST_BUFFER_SHARE - 2);
        expect(got).toBeLessThan(datagrams.length);
      }
    },
  );
});
