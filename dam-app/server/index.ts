export type { DamAppOptions } from './app.ts';
export { createDamApp } from './app.ts';
export type { RunningServer } from './start-server.ts';
export { startDamServer } from './start-server.ts';
