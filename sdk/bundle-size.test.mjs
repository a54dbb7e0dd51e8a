// @vitest-environment node
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  connectSdkSizes,
  measure,
  SIZE_BUDGET_BYTES,
  scriptTagOptions,
  sizeSentence,
} from './bundle-size.mjs';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');

describe('script-tag bundle size', async () => {
  const result = await build({ ...scriptTagOptions('connect-sdk', true), write: false });
  const bundle = result.outputFiles.find((file) => file.path.endsWith('connect-sdk.min.js'));
  const ours = measure(bundle?.contents ?? new Uint8Array());

  it('stays within the 24 KiB min+gzip budget the issue sets', () => {
    expect(SIZE_BUDGET_BYTES).toBeLessThanOrEqual(24 * 1024);
    expect(ours.gzip).toBeLessThanOrEqual(SIZE_BUDGET_BYTES);
  });

  it("is quoted in the README with today's figures", () => {
    const quoted = /The minified bundle is .*? for Connect SDK [\d.]+'s/.exec(readme)?.[0];
    expect(quoted).toBe(sizeSentence(ours, connectSdkSizes()));
  });
});
