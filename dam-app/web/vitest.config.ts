import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'dam-web', environment: 'node' } });
