import { defineProject } from 'vitest/config';
import { SDK_SOURCE_ALIASES } from './sdk-source.ts';

export default defineProject({
  resolve: { alias: SDK_SOURCE_ALIASES },
  test: { name: 'dam-web', environment: 'node' },
});
