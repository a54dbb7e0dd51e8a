// @vitest-environment node
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// One Node line for the whole project: what `engines` declares is what the README promises, and every locked
// dependency accepts it, so `npm ci` on that Node prints no EBADENGINE warning.
const json = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const declared = json('../package.json').engines.node;
const oldest = semver.minVersion(declared)?.version ?? '';

describe('the supported Node version', () => {
  it('is declared alike at the root and by the published SDK, and named in the README', () => {
    expect(oldest).toBe('20.19.0');
    expect(json('./package.json').engines.node).toBe(declared);
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    expect(readme).toContain('Node.js 20.19 or newer');
  });

  it('fits every locked dependency’s engines', () => {
    const { packages } = json('../package-lock.json');
    const refusing = Object.entries(packages)
      .filter(([, entry]) => typeof entry.engines?.node === 'string')
      .filter(([, entry]) => !semver.satisfies(oldest, entry.engines.node))
      .map(([path, entry]) => `${path}@${entry.version} wants node ${entry.engines.node}`);
    expect(refusing).toEqual([]);
  });
});
