export type { DamAppOptions } from './app.ts';
export { createDamApp } from './app.ts';
export { loadConfig } from './config/config.ts';
export { createServices } from './create-services.ts';
export { silentLogger } from './log.ts';
export type { RunningServer } from './start-server.ts';
export { startDamServer } from './start-server.ts';
