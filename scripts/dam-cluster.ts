// The DAM as a cluster on this machine (issue 31): `npm run dam:cluster -- --servers 3 --nodes 2`. N server
// processes on one PostgreSQL (DATABASE_URL, else a throw-away PostgreSQL 15 made for the run) and one DAM_HOME,
// behind HAProxy, with transfer nodes over the shared storage root (named in every server's DAM_NODES).
// The servers run the build (`npm run build` first) when there is one, else the TypeScript entry. Ctrl-C stops all.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startDamCluster } from '../dam-app/server/test-support/dam-cluster.ts';
import { startPostgresCluster } from '../dam-app/server/test-support/postgres-cluster.ts';

const { values } = parseArgs({
  options: {
    servers: { type: 'string', default: '3' },
    nodes: { type: 'string', default: '2' },
    home: { type: 'string' },
  },
});
const built = fileURLToPath(new URL('../dam-app/dist/server.mjs', import.meta.url));
const postgres = process.env.DATABASE_URL ? undefined : await startPostgresCluster();
const cluster = await startDamCluster({
  databaseUrl: process.env.DATABASE_URL ?? (postgres?.url as string),
  servers: Number(values.servers),
  nodes: Number(values.nodes),
  ...(values.home ? { home: values.home } : {}),
  ...(existsSync(built) ? { entry: [built] } : {}),
});
console.log(`DAM cluster: ${cluster.url} (HAProxy, round robin)`);
for (const server of cluster.servers) console.log(`  ${server.name}: ${server.url}`);
for (const node of cluster.nodes) console.log(`  ${node.name}: node API http://127.0.0.1:${node.apiPort}`);
console.log(`  database: ${cluster.databaseUrl}\n  DAM_HOME: ${cluster.home}`);
const stop = async () => {
  await cluster.stop();
  await postgres?.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
