import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bannerWeight, type ChunkLike, entryWeight } from './banner-weight.ts';

// Random text does not compress, so each chunk's gzip weight is distinct and known.
const code = (bytes: number) => randomBytes(bytes).toString('base64');
const gz = (text: string) => gzipSync(text, { level: 9 }).length;

const shared = code(3000);
const main = code(1000);
const other = code(500);
const lazy = code(8000);
const bundle: Record<string, ChunkLike> = {
  'carbon.js': {
    type: 'chunk',
    fileName: 'carbon.js',
    isEntry: true,
    name: 'carbon',
    code: 'x',
    imports: ['main.js'],
  },
  'main.js': { type: 'chunk', fileName: 'main.js', code: main, imports: ['system.js', 'other.js'] },
  'other.js': { type: 'chunk', fileName: 'other.js', code: other, imports: ['system.js'] },
  'system.js': { type: 'chunk', fileName: 'system.js', code: shared, imports: [] },
  'lazy.js': { type: 'chunk', fileName: 'lazy.js', code: lazy, imports: ['system.js'] },
  'style.css': { type: 'asset', fileName: 'style.css' },
};

describe('entryWeight', () => {
  it('counts the entry and every chunk it imports statically, each once', () => {
    expect(entryWeight(bundle, 'carbon.js')).toBe(gz('x') + gz(main) + gz(other) + gz(shared));
  });

  it('leaves out chunks the entry does not import', () => {
    expect(entryWeight(bundle, 'other.js')).toBe(gz(other) + gz(shared));
  });
});

describe('bannerWeight', () => {
  const weight = entryWeight(bundle, 'carbon.js');

  it('fails the build for a banner over its budget', () => {
    expect(() => bannerWeight(['carbon'], weight - 1).generateBundle(undefined, bundle)).toThrow(
      /carbon banner is over its JavaScript budget by 1 bytes/,
    );
  });

  it('passes a banner within its budget, and pages that are not banners', () => {
    expect(() => bannerWeight(['carbon'], weight).generateBundle(undefined, bundle)).not.toThrow();
    expect(() => bannerWeight(['blue'], 1).generateBundle(undefined, bundle)).not.toThrow();
  });
});
