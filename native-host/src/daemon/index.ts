export type { RapidPaths } from '../config/paths.ts';
export { resolveRapidPaths } from '../config/paths.ts';
