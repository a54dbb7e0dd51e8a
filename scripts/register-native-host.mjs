// `npm run register-host` / `npm run unregister-host`: (un)registers the built native host for this user's browsers.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './lib/repo.mjs';
import { run } from './lib/run.mjs';

const command = process.argv[2] === 'uninstall' ? 'uninstall' : 'install';
const cli = join(REPO_ROOT, 'native-host', 'dist', 'rapid-register.mjs');
if (!existsSync(cli)) {
  console.error('The native host is not built yet: run `npm run build` first.');
  process.exit(1);
}
process.exit(await run(process.execPath, [cli, command]));
