import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * Splits the machine's cores between the node and the rest of a benchmark (its clients, the relay): `taskset` pins
 * every thread of `nodePid` to the first half of the cores and every thread of the `others` to the second, so the
 * node's CPU cost is measured without the clients on its cores. Returns what it did, or why it did nothing (one core,
 * no taskset).
 */
export function pinApart(nodePid: number, others: number[]): string {
  const cores = availableParallelism();
  if (cores < 2) return 'one core: node and clients share it';
  const half = Math.floor(cores / 2);
  const nodeCpus = half === 1 ? '0' : `0-${half - 1}`;
  const otherCpus = half === cores - 1 ? String(half) : `${half}-${cores - 1}`;
  const pin = (cpus: string, pid: number) =>
    spawnSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' }).status === 0;
  if (!pin(nodeCpus, nodePid)) return 'taskset unavailable: node and clients share every core';
  for (const pid of others) pin(otherCpus, pid);
  return `node on cores ${nodeCpus}, clients and relay on cores ${otherCpus}`;
}
