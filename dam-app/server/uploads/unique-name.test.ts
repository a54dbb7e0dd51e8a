import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { placeWithoutOverwrite } from './unique-name.ts';

describe('placeWithoutOverwrite', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('keeps the name when it is free and numbers it when it is not, never replacing a file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'rapid-place-'));
    dirs.push(dir);
    await writeFile(join(dir, 'photo.jpg'), 'first');
    const names: string[] = [];
    for (const content of ['second', 'third']) {
      const staged = join(dir, `staged-${content}`);
      await writeFile(staged, content);
      names.push(await placeWithoutOverwrite(staged, dir, 'photo.jpg'));
    }
    expect(names).toEqual(['photo (2).jpg', 'photo (3).jpg']);
    expect(await readFile(join(dir, 'photo.jpg'), 'utf8')).toBe('first');
    expect(await readFile(join(dir, 'photo (3).jpg'), 'utf8')).toBe('third');
    expect((await readdir(dir)).sort()).toEqual(['photo (2).jpg', 'photo (3).jpg', 'photo.jpg']);
  });
});
