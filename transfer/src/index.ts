export type { Extent } from './receiver/extent-map.ts';
export { ExtentMap } from './receiver/extent-map.ts';
