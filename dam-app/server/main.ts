import { serveDam } from './serve-dam.ts';

// Wiring only: `node dam-app/dist/server.mjs` serves the DAM; the environment configures it (config/config.ts).
// The demo (`npm start`) is its own entry beside the app: demo/demo-main.ts.
await serveDam();
