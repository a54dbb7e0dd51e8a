// The DAM library benchmark (issue 12), by hand: `npx tsx scripts/bench/dam-library.ts`. The work is in
// dam-app/server/bench/dam-library-bench.ts, inside the workspace whose dependencies it uses.
import { runDamLibraryBench } from '../../dam-app/server/bench/dam-library-bench.ts';

await runDamLibraryBench((line) => console.log(line));
