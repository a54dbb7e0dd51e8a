// The DAM cluster's throughput (issue 31), by hand: `npm run bench:dam-cluster [seconds] [clients]`. Not a CI test:
// it prints figures. One PostgreSQL 15; in the same run, a cluster of 1 and then of 3 DAM servers behind HAProxy (the
// build when there is one, else the TypeScript entry), each on a fresh database with 1,000 assets; `clients` (20)
// logged-in clients call quick search and the session for `seconds` (15) through the balancer: requests per second,
// p50/p95, errors, and the machine's load average (on a shared 2-core machine more servers share the same cores).
// `npm run bench:dam-cluster -- --ingest [images]` measures ingest across the cluster instead.
// The work is in dam-app/server/bench/dam-cluster-bench.ts, inside the workspace whose dependencies it uses.
import { runClusterIngestBench } from '../../dam-app/server/bench/cluster-ingest-bench.ts';
import { runDamClusterBench } from '../../dam-app/server/bench/dam-cluster-bench.ts';
import { ensureSystemPackages } from '../lib/ensure-system-packages.mjs';

await ensureSystemPackages(['haproxy', 'postgresql-15']);
// `--ingest [images]`: rendition jobs across 1 and 3 servers (cluster-ingest-bench.ts) instead of requests.
const ingest = process.argv.indexOf('--ingest');
if (ingest >= 0)
  await runClusterIngestBench((line) => console.log(line), Number(process.argv[ingest + 1] ?? 60));
else
  await runDamClusterBench(
    (line) => console.log(line),
    Number(process.argv[2] ?? 15),
    Number(process.argv[3] ?? 20),
  );
