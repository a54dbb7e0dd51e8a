import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'installer-frame', environment: 'node' } });
