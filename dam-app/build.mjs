import { buildNodePrograms } from '../scripts/lib/build-node-programs.mjs';

// PGlite loads its WebAssembly and data files from beside its own module; pg-native is an optional driver.
await buildNodePrograms({ server: 'server/main.ts' }, ['@electric-sql/pglite', 'pg-native']);
