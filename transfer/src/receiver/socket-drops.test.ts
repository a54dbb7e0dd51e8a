import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { dropsByPort, socketDropCounter } from './socket-drops.ts';

const TABLE = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode ref pointer drops
 1273: 0100007F:80E9 00000000:0000 07 00000000:00000000 00:00000000 00000000     0        0 81234 2 0000000000000000 17
 1274: 00000000:0044 00000000:0000 07 00000000:00000000 00:00000000 00000000     0        0 81235 2 0000000000000000 0
`;

describe('socket drops', () => {
  it('reads the drops column by local port', () => {
    const drops = dropsByPort(TABLE);
    expect(drops.get(0x80e9)).toBe(17);
    expect(drops.get(0x44)).toBe(0);
  });

  it.runIf(process.platform === 'linux')(
    'counts datagrams the kernel dropped for a socket whose buffer overflowed',
    async () => {
      const receiver = createSocket('udp4');
      receiver.bind(0, '127.0.0.1');
      await once(receiver, 'listening');
      receiver.setRecvBufferSize(4096);
      const port = receiver.address().port;
      const counter = socketDropCounter(port);
      const sender = createSocket('udp4');
      // Nobody reads: the event loop is held by the synchronous sends, so the small buffer overflows.
      const datagram = Buffer.alloc(1400);
      for (let i = 0; i < 200; i++) sender.send(datagram, port, '127.0.0.1');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const dropped = counter();
      sender.close();
      receiver.close();
      expect(dropped).toBeGreaterThan(0);
      expect(counter()).toBe(0);
    },
  );
});
