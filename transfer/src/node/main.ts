import { datagramIo } from '../native/datagram-addon.ts';
import { configFromEnv } from './config-from-env.ts';
import { startTransferNode } from './transfer-node.ts';

// The transfer node as a program: configuration from RAPID_NODE_* variables, one JSON status line on stdout.
// Receivers keep file creations, writes, renames and syncs on the thread pool; on a disk where each takes a
// millisecond, 4 threads bound a node to a few thousand small files per second. Set before the pool first starts.
process.env.UV_THREADPOOL_SIZE ??= '16';
const { config, warnings } = configFromEnv(process.env);
for (const warning of warnings) process.stderr.write(`rapid-node: ${warning}\n`);
const node = await startTransferNode(config);
process.stdout.write(
  `${JSON.stringify({
    event: 'listening',
    url: node.url,
    ports: node.ports,
    fingerprint: node.fingerprint,
    // Which datagram path this node runs (RAPID_DATAGRAM_ADDON): the addon's batches, or JavaScript.
    datagram_io: datagramIo(),
  })}\n`,
);
const stop = () => {
  // What the UDP receive did over the node's life (its receive thread's counts), on a closing status line.
  const udpReceive = node.udpReceive();
  node.close().finally(() => {
    process.stdout.write(`${JSON.stringify({ event: 'stopped', udp_receive: udpReceive })}\n`);
    process.exit(0);
  });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// Started by a parent with an IPC channel (the DAM's embedded node): when the parent dies, however, so does the node.
if (process.send) process.on('disconnect', stop);
