export { writeHostLauncher } from './host-launcher.ts';
export type { HostManifest } from './host-manifest.ts';
export { buildHostManifest, writeHostManifest } from './host-manifest.ts';
export type { RegisterResult } from './register.ts';
export { registerHost, unregisterHost } from './register.ts';
