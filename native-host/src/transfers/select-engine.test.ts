import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RapidEngine } from './rapid-engine.ts';
import { selectEngine } from './select-engine.ts';
import { TestDoubleEngine } from './test-double-engine.ts';

let home = '';
afterEach(() => rm(home, { recursive: true, force: true }));

describe('selectEngine', () => {
  it('gives the test double only when asked, and the real engine otherwise', async () => {
    home = await mkdtemp(join(tmpdir(), 'rapid-engine-'));
    expect(selectEngine({ RAPID_ENGINE: 'test-double' }, home)).toBeInstanceOf(TestDoubleEngine);
    expect(selectEngine({}, home)).toBeInstanceOf(RapidEngine);
  });

  it('refuses the test double in a build without test doubles (the release build)', async () => {
    home = await mkdtemp(join(tmpdir(), 'rapid-engine-'));
    expect(() => selectEngine({ RAPID_ENGINE: 'test-double' }, home, null)).toThrow(
      'RAPID_ENGINE=test-double selects a test double, which this release build does not contain',
    );
    expect(selectEngine({}, home, null)).toBeInstanceOf(RapidEngine);
  });
});
