// The metadata import and stamper benchmark (issue 29), by hand: `npx tsx scripts/bench/dam-metadata.ts`. The work is
// in dam-app/server/bench/metadata-bench.ts, inside the workspace whose dependencies it uses.
import { runMetadataBench } from '../../dam-app/server/bench/metadata-bench.ts';

await runMetadataBench((line) => console.log(line));
