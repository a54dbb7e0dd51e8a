import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * How to run the transfer node: its built program (`transfer/dist/rapid-node.mjs`), found by walking up from this
 * module (the source tree or the DAM's own bundle in `dam-app/dist/`); before a build, its source through tsx.
 */
export function transferNodeCommand(from = fileURLToPath(import.meta.url)): { args: string[] } {
  for (let dir = dirname(from); dir !== dirname(dir); dir = dirname(dir)) {
    const built = join(dir, 'transfer', 'dist', 'rapid-node.mjs');
    if (existsSync(built)) return { args: [built] };
    const source = join(dir, 'transfer', 'src', 'node', 'main.ts');
    if (existsSync(source)) return { args: ['--import', 'tsx', source] };
  }
  throw new Error('The transfer node program is not found: run `npm run build`.');
}
