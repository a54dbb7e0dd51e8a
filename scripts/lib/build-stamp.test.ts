import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whyBuild, writeBuildStamp } from './build-stamp.mjs';

const OUTPUTS = [
  'sdk/dist/docs/index.html',
  'transfer/dist/rapid-node.mjs',
  'extension/dist/manifest.json',
  'native-host/dist/rapid-register.mjs',
  'native-host/dist/rapid-daemon.mjs',
  'installer-frame/dist/index.html',
  'dam-app/dist/demo-server.mjs',
  'dam-app/web/dist/index.html',
];

let root = '';
const put = (path: string, text = 'x') => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'rapid-build-stamp-'));
  for (const output of OUTPUTS) put(output);
  put('package.json', '{}');
  put('dam-app/server/main.ts', 'export {};');
  put('sdk/src/index.ts', 'export {};');
  vi.stubEnv('NODE_ENV', undefined);
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(root, { recursive: true, force: true });
});

describe('the build stamp', () => {
  it('asks for a build when none is recorded, and not after one of these sources', () => {
    expect(whyBuild(root)).toBe('no build is recorded');
    writeBuildStamp(root);
    expect(whyBuild(root)).toBeUndefined();
  });

  it('asks again when a source changes, is added, or the lock file moves', () => {
    writeBuildStamp(root);
    const later = new Date(Date.now() + 5000);
    utimesSync(join(root, 'sdk/src/index.ts'), later, later);
    expect(whyBuild(root)).toBe('sources changed since the last build');
    writeBuildStamp(root);
    put('dam-app/server/new-feature.ts', 'export {};');
    expect(whyBuild(root)).toBe('sources changed since the last build');
    writeBuildStamp(root);
    put('native-host/src/build/step.ts', 'export {};');
    expect(whyBuild(root)).toBe('sources changed since the last build');
    writeBuildStamp(root);
    put('package-lock.json', '{}');
    expect(whyBuild(root)).toBe('sources changed since the last build');
  });

  it('ignores outputs, dependencies and reports that change under it', () => {
    writeBuildStamp(root);
    put('sdk/dist/docs/more.html');
    put('dam-app/node_modules/pkg/index.js');
    put('dam-app/.rapid-test/report.json');
    put('transfer/native/build/rapid_dgram.node');
    expect(whyBuild(root)).toBeUndefined();
  });

  it('asks for a build when an output is gone, even with a current stamp', () => {
    writeBuildStamp(root);
    rmSync(join(root, 'sdk/dist'), { recursive: true });
    expect(whyBuild(root)).toBe('sdk/dist/docs is missing');
  });

  it('does not take a development build for the production one people run', () => {
    vi.stubEnv('NODE_ENV', 'development');
    writeBuildStamp(root);
    vi.stubEnv('NODE_ENV', undefined);
    expect(whyBuild(root)).toBe('the last build was a development build');
  });
});
