// The DAM library benchmark (issue 12), by hand: `npm run bench:dam-library` (100,000 assets, PGlite and PostgreSQL);
// `npm run bench:dam-library -- --million` for the million-asset run on PostgreSQL (issue 31). The work is in
// dam-app/server/bench/, inside the workspace whose dependencies it uses.
import { runDamLibraryBench } from '../../dam-app/server/bench/dam-library-bench.ts';
import { runMillionAssetBench } from '../../dam-app/server/bench/million-assets-bench.ts';

if (process.argv.includes('--million')) await runMillionAssetBench((line) => console.log(line));
else await runDamLibraryBench((line) => console.log(line));
