import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installManifest } from '@rapid/protocol';
import { buildInstallManifest, manifestScript, type ReleaseFiles } from './build-install-manifest.ts';
import { writeClientArchive } from './client-archive.ts';
import { buildExtensionPackages } from './extension-packages.ts';
import { type ClientOs, readmeText } from './readme-text.ts';

// `npm run package`: the release packages and the install manifest that points at them, in release/ (served under
// the SDK location: release/connectversions.min.js, release/bin/…). Run after `npm run build --workspaces`.
const root = fileURLToPath(new URL('../../', import.meta.url));
const out = join(root, 'release');
const bin = join(out, 'bin');
await rm(out, { recursive: true, force: true });
await mkdir(bin, { recursive: true });

const clientVersion = await versionOf('native-host/package.json');
const extensionVersion = JSON.parse(
  await readFile(join(root, 'extension/dist/manifest.json'), 'utf8'),
).version;
const href = (file: string) => `bin/${basename(file)}`;

const extensions = await buildExtensionPackages({
  webExt: join(root, 'node_modules/.bin/web-ext'),
  chromiumDir: join(root, 'extension/dist'),
  firefoxDir: join(root, 'extension/dist-firefox'),
  version: extensionVersion,
  outDir: bin,
});

const clients = {} as ReleaseFiles['clients'];
for (const os of ['linux', 'macos', 'windows'] as ClientOs[]) {
  const archive = await writeClientArchive({
    os,
    version: clientVersion,
    programsDir: join(root, 'native-host/dist/release'),
    outDir: bin,
  });
  const notes = join(bin, `rapid-client-${clientVersion}-${os}.txt`);
  await writeFile(notes, readmeText(os, clientVersion));
  clients[os] = {
    installer: { href: href(archive.file), type: archive.type },
    documentation: { href: href(notes), type: 'text/plain' },
  };
}

const [chromium, firefox] = extensions;
if (!chromium || !firefox) throw new Error('web-ext built fewer packages than asked');
const manifest = buildInstallManifest({
  version: clientVersion,
  updated: (await stat(join(root, 'native-host/dist/release/rapid-host.mjs'))).mtime.toISOString(),
  clients,
  extensions: {
    chromium: { href: href(chromium.file), type: chromium.type },
    firefox: { href: href(firefox.file), type: firefox.type },
  },
});
installManifest.parse(manifest);
await writeFile(join(out, 'connectversions.min.js'), manifestScript(manifest));
process.stdout.write(`release/: ${manifest.entries.length} manifest entries, packages in release/bin/\n`);

async function versionOf(file: string): Promise<string> {
  return JSON.parse(await readFile(join(root, file), 'utf8')).version;
}
