// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { integrity, SCRIPT_TAG_FILES, writeIntegrity } from './sri.mjs';

const dir = mkdtempSync(join(tmpdir(), 'rapid-sri-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('integrity hashes of the script-tag files', () => {
  it('are sha384 in base64, as the integrity attribute wants', () => {
    // The empty input's SHA-384, as published for SRI examples.
    expect(integrity(new Uint8Array())).toBe(
      'sha384-OLBgp1GsljhM2TJ+sbHjaiH9txEUvgdDTAzHv2P24donTt6/529l+9Ua0vFImLlb',
    );
  });

  it('are written to integrity.json and to the guide the docs show, one per file', () => {
    for (const file of SCRIPT_TAG_FILES) writeFileSync(join(dir, file), `/* ${file} */`);
    const hashes = writeIntegrity(dir, join(dir, 'script-tag.md'), '1.2.3');
    expect(JSON.parse(readFileSync(join(dir, 'integrity.json'), 'utf8'))).toEqual(hashes);
    const expected = `sha384-${createHash('sha384').update(`/* connect-sdk.min.js */`).digest('base64')}`;
    expect(hashes['connect-sdk.min.js']).toBe(expected);
    const guide = readFileSync(join(dir, 'script-tag.md'), 'utf8');
    expect(guide).toContain(
      `src="https://your-site.example/sdk/js/connect-sdk.min.js"\n  integrity="${expected}"`,
    );
    for (const file of SCRIPT_TAG_FILES) expect(guide).toContain(hashes[file]);
  });
});
