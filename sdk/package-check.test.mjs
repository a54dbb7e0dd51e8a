// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkPackage } from './package-check.mjs';

// The publish check the build runs on @rapid/sdk, on two small packages: one ready, one with what the issue
// forbids (an entry without types, a file the tarball should not hold, an export pointing at nothing).
const dirs = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function fixture(pkg, files) {
  const dir = mkdtempSync(join(tmpdir(), 'rapid-pkg-'));
  dirs.push(dir);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ version: '1.0.0', license: 'MIT', type: 'module', ...pkg }),
  );
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const ready = {
  name: 'ready',
  exports: { '.': { types: './dist/esm/index.d.ts', default: './dist/esm/index.js' } },
  files: ['dist/esm'],
  sideEffects: false,
  engines: { node: '>=20' },
};
const sources = {
  'README.md': '# ready\n',
  'dist/esm/index.js': 'export const one = 1;\n',
  'dist/esm/index.d.ts': 'export declare const one = 1;\n',
};

describe('package check', () => {
  it('passes a package whose every entry has types and whose tarball holds only its build', async () => {
    const { problems, files } = await checkPackage(fixture(ready, sources));
    expect(problems).toEqual([]);
    expect(files.sort()).toEqual(['README.md', 'dist/esm/index.d.ts', 'dist/esm/index.js', 'package.json']);
  }, 60_000);

  it('fails an entry without types, an export to nothing and a stray file in the tarball', async () => {
    const broken = {
      ...ready,
      name: 'broken',
      exports: {
        ...ready.exports,
        './react': { default: './dist/esm/react.js' },
        './missing': { types: './dist/esm/missing.d.ts', default: './dist/esm/missing.js' },
      },
      files: ['dist/esm', 'notes.txt'],
    };
    const { problems } = await checkPackage(
      fixture(broken, {
        ...sources,
        'dist/esm/react.js': 'export const two = 2;\n',
        'notes.txt': 'private\n',
      }),
    );
    expect(problems).toContain('the tarball holds notes.txt');
    expect(problems.some((problem) => /publint: .*missing/.test(problem))).toBe(true);
    expect(problems.some((problem) => /are the types wrong:[\s\S]*react/.test(problem))).toBe(true);
  }, 60_000);
});
