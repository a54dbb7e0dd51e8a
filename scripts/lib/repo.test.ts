import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { findRepoRoot, REPO_ROOT } from './repo.mjs';

it('finds the folder whose package.json declares the workspaces, from any depth below it', async () => {
  const repo = await mkdtemp(join(tmpdir(), 'rapid-repo-'));
  await writeFile(join(repo, 'package.json'), JSON.stringify({ name: 'r', workspaces: ['a'] }));
  const bundled = join(repo, 'scripts/bench/.build');
  await mkdir(join(repo, 'scripts/bench'), { recursive: true });
  await writeFile(join(repo, 'scripts/bench/package.json'), JSON.stringify({ name: 'not-the-root' }));
  await mkdir(bundled, { recursive: true });
  expect(findRepoRoot(bundled)).toBe(`${repo}/`);
  expect(findRepoRoot(join(repo, 'scripts'))).toBe(`${repo}/`);
  expect(REPO_ROOT).toMatch(/\/$/);
});
