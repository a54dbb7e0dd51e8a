import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface ExtensionPackage {
  browser: 'chromium' | 'firefox';
  file: string;
  type: string;
}

/**
 * `web-ext build` zips an extension folder; the Chromium build becomes a .zip (what the Chrome Web Store and Edge
 * Add-ons take), the Firefox build an unsigned .xpi (for AMO signing, or Firefox ESR/Developer Edition with
 * signatures off).
 */
export async function buildExtensionPackages(options: {
  webExt: string;
  chromiumDir: string;
  firefoxDir: string;
  version: string;
  outDir: string;
}): Promise<ExtensionPackage[]> {
  const targets = [
    { browser: 'chromium' as const, dir: options.chromiumDir, ext: 'zip', type: 'application/zip' },
    { browser: 'firefox' as const, dir: options.firefoxDir, ext: 'xpi', type: 'application/x-xpinstall' },
  ];
  const packages: ExtensionPackage[] = [];
  for (const { browser, dir, ext, type } of targets) {
    const filename = `rapid-extension-${browser}-${options.version}.${ext}`;
    await promisify(execFile)(options.webExt, [
      'build',
      '--source-dir',
      dir,
      '--artifacts-dir',
      options.outDir,
      '--filename',
      filename,
      '--overwrite-dest',
      '--ignore-files',
      '**/*.map',
      '--no-input',
    ]);
    packages.push({ browser, file: join(options.outDir, filename), type });
  }
  return packages;
}
