import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PartialFile } from './partial-file.ts';
import { decideFile, decideRanges, planFile, sampleRanges } from './resume-plan.ts';

const MTIME = 1_700_000_000_000;
function setup(content: string) {
  const dir = mkdtempSync(join(tmpdir(), 'plan-'));
  const source = join(dir, 'source');
  writeFileSync(source, content);
  utimesSync(source, new Date(), new Date(MTIME));
  return { dir, source, target: join(dir, 'target'), offered: { size: content.length, mtime_ms: MTIME } };
}
function partial(target: string, content: string, extents: [number, number][]) {
  const file = PartialFile.open(target, content.length, MTIME, []);
  for (const [start, end] of extents) file.write(start, Buffer.from(content.slice(start, end)));
  file.suspend();
}

describe('planFile and decideFile', () => {
  it('resume none always sends everything', async () => {
    const { target, offered } = setup('abcdef');
    partial(target, 'abcdef', [[0, 3]]);
    expect(await planFile(target, offered, 'none', 'diff')).toEqual({
      action: 'send',
      have: [],
      samples: [],
    });
  });

  it('attributes trusts a partial whose checkpoint matches size and mtime', async () => {
    const { target, offered } = setup('abcdef');
    partial(target, 'abcdef', [[0, 3]]);
    expect((await planFile(target, offered, 'attributes', 'diff')).have).toEqual([{ start: 0, end: 3 }]);
    expect((await planFile(target, { ...offered, mtime_ms: 1 }, 'attributes', 'diff')).have).toEqual([]);
  });

  it('carries the head of what the receiver holds from the start, and none without a prefix', async () => {
    const { target, offered } = setup('abcdef');
    partial(target, 'abcdef', [[0, 4]]);
    const plan = await planFile(target, offered, 'attributes', 'diff');
    expect(Buffer.from(plan.head ?? '', 'base64').toString()).toBe('abcd');
    partial(target, 'abcdef', [[2, 6]]);
    expect((await planFile(target, offered, 'attributes', 'diff')).head).toBeUndefined();
  });

  it('decideRanges checks samples through any hash source', async () => {
    const { target, offered } = setup('abcdef');
    partial(target, 'abcdef', [[0, 6]]);
    const plan = await planFile(target, offered, 'full_checksum', 'diff');
    expect(await decideRanges(async () => 'not the hash', plan, 'full_checksum')).toEqual([
      { start: 0, end: 6 },
    ]);
  });

  it('sparse_checksum drops the whole partial when a sample differs from the source', async () => {
    const { source, target, offered } = setup('abcdef');
    partial(target, 'XYcdef', [[0, 6]]);
    const plan = await planFile(target, offered, 'sparse_checksum', 'diff');
    expect(plan.samples.length).toBeGreaterThan(0);
    expect(await decideFile(source, plan, 'sparse_checksum')).toEqual([{ start: 0, end: 6 }]);
  });

  it('full_checksum keeps matching chunks and drops only differing ones', async () => {
    const mib = 1024 * 1024;
    const content = 'a'.repeat(mib) + 'b'.repeat(mib) + 'c'.repeat(10);
    const { source, target, offered } = setup(content);
    partial(target, `${'a'.repeat(mib)}${'X'.repeat(mib)}${'c'.repeat(10)}`, [[0, 2 * mib + 10]]);
    const plan = await planFile(target, offered, 'full_checksum', 'diff');
    expect(plan.samples).toHaveLength(3);
    expect(await decideFile(source, plan, 'full_checksum')).toEqual([{ start: mib, end: 2 * mib }]);
  });

  it.each([
    ['never', 'attributes', 'skip'],
    ['always', 'attributes', 'send'],
    ['diff', 'attributes', 'skip'],
    ['diff', 'none', 'send'],
    ['diff', 'sparse_checksum', 'compare'],
    ['older', 'attributes', 'skip'],
  ] as const)(
    'an existing identical destination with overwrite %s and resume %s → %s',
    async (overwrite, resume, action) => {
      const { source, target, offered } = setup('same');
      writeFileSync(target, 'same');
      utimesSync(target, new Date(), new Date(MTIME));
      const plan = await planFile(target, offered, resume, overwrite);
      expect(plan.action).toBe(action);
      if (action === 'compare') expect(await decideFile(source, plan, resume)).toEqual([]);
    },
  );

  it('overwrite older replaces a destination older than the source', async () => {
    const { target, offered } = setup('new!');
    writeFileSync(target, 'old!');
    utimesSync(target, new Date(), new Date(MTIME - 1000));
    expect((await planFile(target, offered, 'attributes', 'older')).action).toBe('send');
  });

  it('sparse sampling spreads at most 8 samples over the extents', () => {
    expect(sampleRanges([{ start: 0, end: 100 * 1024 * 1024 }], 'sparse_checksum')).toHaveLength(8);
    expect(sampleRanges([{ start: 0, end: 10 }], 'attributes')).toEqual([]);
  });
});
