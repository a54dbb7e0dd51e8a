import { spawn } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { socketDropCounter, socketQueuedBytes, statsByPort } from './socket-stats.ts';

const TABLE = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode ref pointer drops
 1273: 0100007F:80E9 00000000:0000 07 00000000:00012000 00:00000000 00000000     0        0 81234 2 0000000000000000 17
 1274: 00000000:0044 00000000:0000 07 00000000:00000000 00:00000000 00000000     0        0 81235 2 0000000000000000 0
`;

describe('socket stats', () => {
  it('reads the drops and the receive queue by local port', () => {
    const stats = statsByPort(TABLE);
    expect(stats.get(0x80e9)).toEqual({ drops: 17, queuedBytes: 0x12000 });
    expect(stats.get(0x44)).toEqual({ drops: 0, queuedBytes: 0 });
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

  it.runIf(process.platform === 'linux')(
    'measures the bytes waiting in the buffer of a socket nobody reads',
    async () => {
      // A process that binds a socket and then never reads it: its event loop is blocked until it is killed.
      const holder = spawn(process.execPath, ['-e', HOLDER], { stdio: ['ignore', 'pipe', 'inherit'] });
      try {
        const [line] = (await once(createInterface({ input: holder.stdout }), 'line')) as [string];
        const { port, buffer } = JSON.parse(line) as { port: number; buffer: number };
        const queued = socketQueuedBytes(port);
        expect(queued()).toBe(0);
        const sender = createSocket('udp4');
        const datagram = Buffer.alloc(1400);
        for (let i = 0; i < 10; i++)
          await new Promise((resolve) => sender.send(datagram, port, '127.0.0.1', resolve));
        sender.close();
        await new Promise((resolve) => setTimeout(resolve, 30));
        // Each datagram counts with the kernel's overhead, so ten take more than their 14,000 bytes.
        expect(queued()).toBeGreaterThanOrEqual(14_000);
        expect(queued()).toBeLessThanOrEqual(buffer);
      } finally {
        holder.kill('SIGKILL');
      }
    },
  );
});

const HOLDER = `
const socket = require('node:dgram').createSocket('udp4');
socket.bind(0, '127.0.0.1', () => {
  socket.setRecvBufferSize(1 << 20);
  // A pipe's stdout is written synchronously, so the line is out before the loop; the loop starts before the event
  // loop can turn (a turn would read the socket, and drop what came, while this process waits for a core).
  console.log(JSON.stringify({ port: socket.address().port, buffer: socket.getRecvBufferSize() }));
  for (;;);
});
`;
