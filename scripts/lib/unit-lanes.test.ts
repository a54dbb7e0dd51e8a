import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DAM_AFTER_BRIDGE, projectArgs, UNIT_LANES } from './unit-lanes.mjs';

const root = join(import.meta.dirname, '../..');

/** Each project folder of the root config, and the name its own config gives it. */
function projectNames(): string[] {
  const config = readFileSync(join(root, 'vitest.config.ts'), 'utf8');
  const list = config.match(/projects: \[([^\]]*)\]/)?.[1] ?? '';
  return [...list.matchAll(/'([^']+)'/g)].map(([, dir]) => {
    const own = readFileSync(join(root, dir as string, 'vitest.config.ts'), 'utf8');
    return own.match(/name: '([a-z-]+)'/)?.[1] ?? `(no name in ${dir})`;
  });
}

describe('UNIT_LANES', () => {
  it('puts every unit project of vitest.config.ts in exactly one lane', () => {
    const names = projectNames();
    expect(names.length).toBeGreaterThan(5);
    const lanes = [...UNIT_LANES.first, ...UNIT_LANES.afterWebEndToEnd];
    expect([...lanes].sort()).toEqual([...names].sort());
    expect(new Set(lanes).size).toBe(lanes.length);
  });

  it('moves only DAM suites that exist to the later lane', () => {
    for (const file of DAM_AFTER_BRIDGE) expect(existsSync(join(root, 'dam-app', file)), file).toBe(true);
    expect(readFileSync(join(root, 'dam-app/vitest.config.ts'), 'utf8')).toContain('RAPID_DAM_UNIT_EXCLUDE');
  });

  it('selects a lane by naming its projects', () => {
    expect(projectArgs(['transfer', 'native-host'])).toEqual([
      '--project',
      'transfer',
      '--project',
      'native-host',
    ]);
  });
});
