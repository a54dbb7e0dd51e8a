import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitEndToEndSuites } from './e2e-lanes.mjs';

const suites = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'rapid-e2e-lanes-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
};

describe('splitEndToEndSuites', () => {
  it('runs a DAM web suite beside the bridge, and anything touching the bridge or the desktop in the bridge lane', () => {
    const dir = suites({
      'dam-web-a.e2e.test.ts':
        "import { startDamWebSite } from './harness/dam-web.ts';\nimport { shot } from './harness/screenshot.ts';",
      'dam-transfer.e2e.test.ts':
        "import { x } from './harness/dam-web.ts';\nimport { launchRapidBrowser } from './harness/rapid-browser.ts';",
      'first-hour.e2e.test.ts':
        "import { x } from './harness/dam-web.ts';\nimport { display } from './harness/x-display.ts';",
      'native.e2e.test.ts': "import { startHost } from './harness/host-process.ts';",
      'bare.e2e.test.ts': "import { it } from 'vitest';",
      'notes.md': "import { x } from './harness/dam-web.ts';",
    });
    expect(splitEndToEndSuites(dir)).toEqual({
      web: ['dam-web-a.e2e.test.ts'],
      bridge: [
        'bare.e2e.test.ts',
        'dam-transfer.e2e.test.ts',
        'first-hour.e2e.test.ts',
        'native.e2e.test.ts',
      ],
    });
  });

  it('splits the real suites so that every one of them runs in exactly one lane', () => {
    const dir = join(import.meta.dirname, '../../test/e2e');
    const { web, bridge } = splitEndToEndSuites(dir);
    expect(web).toContain('dam-web-assets.e2e.test.ts');
    expect(bridge).toContain('dam-transfer.e2e.test.ts');
    expect(bridge).toContain('connect-sdk-conformance.e2e.test.ts');
    expect(web.filter((name) => bridge.includes(name))).toEqual([]);
  });
});
