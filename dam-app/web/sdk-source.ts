import { fileURLToPath } from 'node:url';

/**
 * The web app builds and tests against the SDK's source, not its published build: `@rapid/sdk`'s `exports` point
 * at `dist/` (what npm publishes), which exists only after the SDK's build. tsconfig.json's `paths` say the same.
 */
const entry = (path: string) => fileURLToPath(new URL(`../../sdk/src/${path}`, import.meta.url));

export const SDK_SOURCE_ALIASES = [
  { find: /^@rapid\/sdk$/, replacement: entry('index.ts') },
  { find: /^@rapid\/sdk\/react$/, replacement: entry('react/index.ts') },
  { find: /^@rapid\/sdk\/messaging$/, replacement: entry('messaging/index.ts') },
];
