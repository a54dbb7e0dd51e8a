import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchNode } from './bench-node.ts';
import { BASIC } from './bench-node.ts';

/** One single-stream HTTPS request with curl against the node's Standard Download / PUT endpoint. */
export async function curl(node: BenchNode, args: string[]): Promise<void> {
  const caFile = join(mkdtempSync(join(tmpdir(), 'bench-ca-')), 'ca.pem');
  writeFileSync(caFile, node.cert);
  const child = spawn(
    'curl',
    ['-sS', '--fail', '--cacert', caFile, '-H', `Authorization: ${BASIC}`, ...args],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`curl exited with ${code}`);
}

export const contentUrl = (node: BenchNode, path: string) =>
  `https://127.0.0.1:${node.ports.api}/files/content/${path}`;
