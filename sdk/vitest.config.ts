import { defineProject } from 'vitest/config';

// Pages run on an https origin; the extension's replies are posted to that origin (connect-protocol.md §5.1).
export default defineProject({
  test: {
    name: 'sdk',
    environment: 'happy-dom',
    environmentOptions: { happyDOM: { url: 'https://dam.example/upload' } },
  },
});
