import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { diesWithBench } from './dies-with-bench.ts';
import { REPO } from './repo-root.ts';

export interface Bottleneck {
  /** The UDP port sessions send to (`fasp_port`) instead of the node's. */
  port: number;
  process: ChildProcess;
  /** The relay's next line on stdout (after SIGTERM: its counters, as JSON). */
  nextLine(): Promise<string>;
}

/**
 * The user-space bottleneck (`bottleneck-relay.mjs`) in front of the node's UDP port: `linkMbps` with a tail-drop
 * queue of `queueMs`, for node-bound datagrams only or, `duplex`, each direction with a queue of its own.
 */
export async function startBottleneck(
  nodeUdpPort: number,
  linkMbps: number,
  queueMs: number,
  duplex = false,
): Promise<Bottleneck> {
  const child = diesWithBench(
    spawn(
      process.execPath,
      [
        join(REPO, 'scripts/bench/lib/bottleneck-relay.mjs'),
        String(nodeUdpPort),
        String(linkMbps),
        String(queueMs),
        ...(duplex ? ['duplex'] : []),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    ),
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
  const nextLine = async () => (await lines.next()).value as string;
  const { port } = JSON.parse(await nextLine()) as { port: number };
  return { port, process: child, nextLine };
}
