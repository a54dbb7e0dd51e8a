import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Test support: a unix socket in front of clamd's that counts what reaches clamd, so a test sees WHEN the DAM sends
 * an upload's bytes (while it arrives, or after), and can cut the connections under way.
 */
export async function clamdProxy(target: string) {
  const dir = await mkdtemp(join(tmpdir(), 'rapid-clamd-proxy-'));
  const socket = join(dir, 'proxy.sock');
  const open = new Set<Socket>();
  /** Bytes sent to clamd, connections made, and the most scans under way at once (asked, not yet answered). */
  const counts = { bytes: 0, connections: 0, peak: 0 };
  let pending = 0;
  const server = createServer((client) => {
    counts.connections++;
    counts.peak = Math.max(counts.peak, ++pending);
    let answered = false;
    const answer = () => {
      if (!answered) pending--;
      answered = true;
    };
    const upstream = connect(target);
    for (const each of [client, upstream]) {
      open.add(each);
      each.on('close', () => open.delete(each)).on('error', () => {});
    }
    client.on('data', (data) => {
      counts.bytes += data.byteLength;
    });
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    // clamd ends its answer with NUL (the `z` commands): from then on this scan is over.
    upstream.on('data', (data) => data.includes(0) && answer());
    upstream.on('close', answer);
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  return {
    socket,
    counts,
    /** Drops every connection under way, as a clamd restart would. */
    cut() {
      for (const each of open) each.destroy();
    },
    async close() {
      this.cut();
      await new Promise((resolve) => server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
