import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress-plugin.ts';

describe('precompressDirectory', () => {
  let dir = '';
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies of the text files that decode to the same bytes, and nothing else', async () => {
    dir = await mkdtemp(join(tmpdir(), 'precompress-'));
    await mkdir(join(dir, 'assets'));
    const script = 'export const answer = 42;\n'.repeat(200);
    await writeFile(join(dir, 'assets/app-AbCd1234.js'), script);
    await writeFile(join(dir, 'index.html'), `<!doctype html>${'<p>hello</p>'.repeat(200)}`);
    await writeFile(join(dir, 'tiny.js'), 'x()');
    await writeFile(join(dir, 'picture.png'), Buffer.alloc(4096, 7));
    await precompressDirectory(dir);
    const brotli = await readFile(join(dir, 'assets/app-AbCd1234.js.br'));
    const gzip = await readFile(join(dir, 'assets/app-AbCd1234.js.gz'));
    expect(brotliDecompressSync(brotli).toString()).toBe(script);
    expect(gunzipSync(gzip).toString()).toBe(script);
    expect(brotli.length).toBeLessThan(gzip.length);
    expect((await readdir(dir)).sort()).toEqual([
      'assets',
      'index.html',
      'index.html.br',
      'index.html.gz',
      'picture.png',
      'tiny.js',
    ]);
  });
});
