import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guardTarget, isGuarded, place, placeSync, unguardTarget } from './no-replace.ts';

const dir = mkdtempSync(join(tmpdir(), 'no-replace-'));
const partial = (name: string, text: string) => {
  writeFileSync(join(dir, `${name}.partial`), text);
  return join(dir, `${name}.partial`);
};

describe('placing a finished file without replacing what appeared at its name', () => {
  it.each([
    ['placeSync', async (from: string, to: string) => placeSync(from, to)],
    ['place', place],
  ])('%s: a guarded name taken meanwhile is left alone, the file goes beside it', async (name, put) => {
    const target = join(dir, `${name}-taken.jpg`);
    guardTarget(target, () => join(dir, `.${name}-landing`));
    writeFileSync(target, 'someone else’s');
    expect(await put(partial(`${name}-taken.jpg`, 'mine'), target)).toBe(join(dir, `.${name}-landing`));
    expect(readFileSync(target, 'utf8')).toBe('someone else’s');
    expect(readFileSync(join(dir, `.${name}-landing`), 'utf8')).toBe('mine');
    expect(existsSync(`${target}.partial`)).toBe(false);
    expect(isGuarded(target)).toBe(false);
  });

  it.each([
    ['placeSync', async (from: string, to: string) => placeSync(from, to)],
    ['place', place],
  ])(
    '%s: a guarded name still free is claimed; an unguarded one is renamed over, as before',
    async (name, put) => {
      const free = join(dir, `${name}-free.jpg`);
      guardTarget(free, () => join(dir, 'never'));
      expect(await put(partial(`${name}-free.jpg`, 'mine'), free)).toBe(free);
      expect(readFileSync(free, 'utf8')).toBe('mine');
      expect(existsSync(`${free}.partial`)).toBe(false);
      const plain = join(dir, `${name}-plain.jpg`);
      writeFileSync(plain, 'old');
      guardTarget(plain, () => join(dir, 'never'));
      unguardTarget(plain);
      expect(await put(partial(`${name}-plain.jpg`, 'new'), plain)).toBe(plain);
      expect(readFileSync(plain, 'utf8')).toBe('new');
    },
  );
});
