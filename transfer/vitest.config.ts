import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'transfer', environment: 'node' } });
