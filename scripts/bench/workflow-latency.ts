// Workflow trigger-to-start latency (issue 29, target p95 ≤ 1 s), by hand: `npx tsx scripts/bench/workflow-latency.ts`.
// The work is in dam-app/server/bench/workflow-latency-bench.ts, inside the workspace whose dependencies it uses.
import { runWorkflowLatencyBench } from '../../dam-app/server/bench/workflow-latency-bench.ts';

await runWorkflowLatencyBench((line) => console.log(line));
