import { buildNodePrograms } from '../scripts/lib/build-node-programs.mjs';

// PGlite loads its WebAssembly and data files from beside its own module; pg-native is an optional driver; sharp
// loads its native libvips binding from its platform package.
await buildNodePrograms({ server: 'server/main.ts' }, ['@electric-sql/pglite', 'pg-native', 'sharp']);
