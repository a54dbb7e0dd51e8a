import { buildNodePrograms } from '../scripts/lib/build-node-programs.mjs';

await buildNodePrograms({ server: 'src/server/main.ts' });
