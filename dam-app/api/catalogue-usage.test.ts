import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from './asset-messages.ts';
import { MESSAGES } from './messages.ts';
import { TRANSFER_MESSAGES } from './transfer-messages.ts';

const DAM = fileURLToPath(new URL('..', import.meta.url));
const CATALOGUES = /^api\/(messages|asset-messages|transfer-messages)\.ts$|^web\/src\/i18n\//;

/** The DAM's own code (server, shared api, web), without tests, the catalogues and their translations. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(path);
    const name = relative(DAM, path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !CATALOGUES.test(name) ? [path] : [];
  });
}

describe('the message catalogues', () => {
  it('hold only texts some code shows: a text defined and translated but never shown is dead weight', () => {
    const code = ['server', 'api', 'web']
      .flatMap((dir) => sources(join(DAM, dir)))
      .map((path) => readFileSync(path, 'utf8'))
      .join('\n');
    const unused = Object.entries({ MESSAGES, ASSET_MESSAGES, TRANSFER_MESSAGES }).flatMap(
      ([catalogue, texts]) =>
        Object.keys(texts)
          .filter((key) => !new RegExp(`\\b${key}\\b`).test(code))
          .map((key) => `${catalogue}.${key}`),
    );
    expect(unused).toEqual([]);
  });
});
