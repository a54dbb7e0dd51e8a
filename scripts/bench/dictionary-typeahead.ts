// The dictionary type-ahead benchmark (issue 29), by hand: `npx tsx scripts/bench/dictionary-typeahead.ts`. The work
// is in dam-app/server/bench/dictionary-bench.ts, inside the workspace whose dependencies it uses.
import { runDictionaryBench } from '../../dam-app/server/bench/dictionary-bench.ts';

await runDictionaryBench((line) => console.log(line));
