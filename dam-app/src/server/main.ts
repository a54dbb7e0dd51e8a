import { fileURLToPath } from 'node:url';
import { startDamServer } from './start-server.ts';

// Wiring only: `node dam-app/dist/server.mjs` serves the demo; PORT picks the port (default 8080).
const server = await startDamServer({
  port: Number(process.env.PORT ?? 8080),
  publicDir: fileURLToPath(new URL('../public', import.meta.url)),
  sdkDir: fileURLToPath(new URL('../../sdk/dist', import.meta.url)),
  installerDir: fileURLToPath(new URL('../../installer-frame/dist/install', import.meta.url)),
  releaseDir: fileURLToPath(new URL('../../release', import.meta.url)),
});
process.stderr.write(`Rapid demo at ${server.url}\n`);
const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
