// The demo's pieces for tools beside the DAM (the end-to-end harness): the app's own entry (../index.ts) holds none.
export { createDemoContent } from './demo-content.ts';
export type { DemoLogin } from './seed-demo.ts';
export { seedDemo } from './seed-demo.ts';
