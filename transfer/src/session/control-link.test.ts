import { once } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ControlDecoder } from '../wire/control-framing.ts';
import { ControlLink } from './control-link.ts';

const open: Socket[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.destroy();
});

/** A real TCP connection on loopback: the link on one end, the raw chunks the other end reads. */
async function pair(): Promise<{ link: ControlLink; chunks: Buffer[]; peer: Socket }> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const accepted = once(server, 'connection');
  const client = connect((server.address() as { port: number }).port, '127.0.0.1');
  const [peer] = (await accepted) as [Socket];
  server.close();
  open.push(client, peer);
  const chunks: Buffer[] = [];
  peer.on('data', (chunk: Buffer) => chunks.push(chunk));
  return { link: new ControlLink(client), chunks, peer };
}

describe('ControlLink', () => {
  it('sends the messages of one event-loop turn in one write, in order', async () => {
    const { link, chunks, peer } = await pair();
    const writes: number[] = [];
    const write = link.stream.write.bind(link.stream);
    link.stream.write = ((chunk: Buffer) => {
      writes.push(chunk.length);
      return write(chunk);
    }) as typeof link.stream.write;
    for (let index = 0; index < 100; index++)
      link.send({ t: 'file_done', index, status: 'completed', error_code: 0, error_desc: '' });
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    while (chunks.reduce((sum, c) => sum + c.length, 0) < (writes[0] ?? 0)) await once(peer, 'data');
    const messages = new ControlDecoder().push(Buffer.concat(chunks));
    expect(messages.map((m) => (m.t === 'file_done' ? m.index : -1))).toEqual([...Array(100).keys()]);
  });

  it('writes what is queued before it closes, and on flush', async () => {
    const { link, chunks, peer } = await pair();
    link.send({ t: 'cancel', code: 28 });
    link.flush();
    link.send({ t: 'done' });
    link.close();
    await once(peer, 'end');
    expect(new ControlDecoder().push(Buffer.concat(chunks))).toEqual([
      { t: 'cancel', code: 28 },
      { t: 'done' },
    ]);
  });
});
