// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDocs } from './docs-build.mjs';

// The documentation check the build runs, on a two-export fixture: it must fail on what the issue forbids.
const dir = mkdtempSync(join(tmpdir(), 'rapid-docs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function check(source) {
  writeFileSync(join(dir, 'index.ts'), source);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { strict: true, target: 'es2022', module: 'esnext' },
      files: ['index.ts'],
    }),
  );
  // The SDK's own TypeDoc settings (validation included), pointed at the fixture.
  const settings = JSON.parse(readFileSync(new URL('typedoc.json', import.meta.url), 'utf8'));
  writeFileSync(
    join(dir, 'typedoc.json'),
    JSON.stringify({
      ...settings,
      entryPoints: ['index.ts'],
      tsconfig: 'tsconfig.json',
      out: 'out',
      readme: 'none',
      projectDocuments: [],
      logLevel: 'None',
    }),
  );
  return buildDocs({ options: join(dir, 'typedoc.json') });
}

const documented =
  '/**\n * Adds.\n * @example add(1, 2);\n */\nexport function add(a: number, b: number) { return a + b; }\n';

describe('documentation check', () => {
  it('fails when a public export has no documentation', async () => {
    const result = await check(`/** @module */\n${documented}export const limit = 3;\n`);
    expect(result.ok).toBe(false);
    expect(result).toMatchObject({ exports: 2, exportsDocumented: 1 });
  }, 60_000);

  it('fails when an export is documented without an example', async () => {
    const result = await check(`${documented}/** The limit. */\nexport const limit = 3;\n`);
    expect(result.ok).toBe(false);
    expect(result.withoutExample).toEqual(['limit']);
  }, 60_000);

  it('passes and writes the site when every export is documented with an example', async () => {
    const result = await check(
      `${documented}/**\n * The limit.\n * @example limit;\n */\nexport const limit = 3;\n`,
    );
    expect(result).toMatchObject({ ok: true, exports: 2, exportsDocumented: 2, withoutExample: [] });
    const page = readFileSync(join(dir, 'out', 'functions', 'add.html'), 'utf8');
    expect(page.replace(/<[^>]+>/g, '')).toContain('add(1, 2);');
    // No inline script: the DAM serves the site under script-src 'self'.
    expect(page).not.toMatch(/<script>/);
    expect(page).toContain('<script src="../assets/rapid-boot.js"></script>');
    expect(readFileSync(join(dir, 'out', 'assets', 'rapid-boot.js'), 'utf8')).toContain('tsd-theme');
    // Nor a script-written <style>: the member filters' rules go to an adopted stylesheet.
    const main = readFileSync(join(dir, 'out', 'assets', 'main.js'), 'utf8');
    expect(main).not.toContain('createElement("style")');
    expect(main).toContain('adoptedStyleSheets');
  }, 60_000);
});
