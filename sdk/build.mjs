import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import {
  connectSdkSizes,
  measure,
  SIZE_BUDGET_BYTES,
  scriptTagOptions,
  sizeSentence,
} from './bundle-size.mjs';
import { buildDocs } from './docs-build.mjs';
import { checkPackage } from './package-check.mjs';
import { writeIntegrity } from './sri.mjs';

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
const banner = { js: `/*! Rapid Connect SDK v${version} */` };

rmSync('dist', { recursive: true, force: true });

// The script-tag bundles a page loads in place of the Connect SDK's: connect-sdk.js and its minified twin, and the
// same under the 3.x/4.x name asperaweb-4 for pages pinned to it (connect-protocol.md §1).
for (const name of ['connect-sdk', 'asperaweb-4']) {
  for (const minify of [false, true]) {
    await build(scriptTagOptions(name, minify));
  }
}

// Their Subresource Integrity hashes: printed, in dist/js/integrity.json, and in the guide page the docs show.
mkdirSync('dist/guides', { recursive: true });
const hashes = writeIntegrity('dist/js', 'dist/guides/script-tag.md', version);
for (const [file, hash] of Object.entries(hashes)) console.log(`sdk: js/${file} integrity="${hash}"`);

// ESM for bundlers: the entry and the React hooks, with @rapid/protocol inlined and real dependencies external.
await build({
  entryPoints: { index: 'src/index.ts', react: 'src/react/index.ts', messaging: 'src/messaging/index.ts' },
  outdir: 'dist/esm',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  external: ['react', 'react-dom', '@preact/signals-core', 'autobahn'],
  sourcemap: 'linked',
  banner,
  logLevel: 'warning',
});

// Declarations: emitted by tsc, then made self-contained (.js specifiers; nothing may point at our private packages).
execFileSync(process.execPath, ['../node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], {
  stdio: 'inherit',
});
for (const file of walk('dist/esm')) {
  if (!file.endsWith('.d.ts')) continue;
  const text = readFileSync(file, 'utf8').replace(/(from\s+'\.{1,2}\/[^']+)\.ts'/g, "$1.js'");
  // An import of a workspace package other than this one (the docs may name @rapid/sdk itself).
  if (/['"]@rapid\/(?!sdk['"/])/.test(text)) throw new Error(`${file} refers to a private package`);
  writeFileSync(file, text);
}

for (const entry of ['react', 'messaging'])
  writeFileSync(`dist/esm/${entry}.d.ts`, `export * from './${entry}/index.js';\n`);

// The declarations must compile for a consumer on their own, with nothing skipped.
mkdirSync('dist/.consumer', { recursive: true });
writeFileSync(
  'dist/.consumer/consumer.ts',
  [
    "import { Connect, type TransferInfo } from '../esm/index.js';",
    "import { MessagingClient } from '../esm/messaging.js';",
    "import { useTransfers } from '../esm/react.js';",
    "const connect = new Connect({ minVersion: '3.9.0' });",
    'connect.addEventListener(Connect.EVENT.TRANSFER, () => {});',
    'export const used: unknown[] = [connect, useTransfers, MessagingClient, undefined as TransferInfo | undefined];',
    '',
  ].join('\n'),
);
execFileSync(
  process.execPath,
  [
    '../node_modules/typescript/bin/tsc',
    '--ignoreConfig',
    '--noEmit',
    '--strict',
    '--skipLibCheck',
    'false',
    '--module',
    'nodenext',
    '--moduleResolution',
    'nodenext',
    '--target',
    'es2022',
    '--lib',
    'es2022,dom',
    '--types',
    'react',
    'dist/.consumer/consumer.ts',
  ],
  { stdio: 'inherit' },
);
rmSync('dist/.consumer', { recursive: true, force: true });

// The ESM entry must import where there is no window (server-side rendering).
await import(new URL('dist/esm/index.js', import.meta.url).href);

// The reference and guides (TypeDoc) as a static site in dist/docs. The build is where the documentation check runs:
// it generates the site anyway, so one TypeDoc run both writes and validates, and `npm test` runs the build.
const docs = await buildDocs();
console.log(
  `sdk: docs: ${docs.exportsDocumented}/${docs.exports} public exports documented, ` +
    `${docs.membersDocumented}/${docs.members} exports and members in all, ` +
    `${docs.examples - docs.withoutExample.length}/${docs.examples} with an @example`,
);
if (!docs.ok) {
  for (const name of docs.withoutExample) console.error(`sdk: docs: ${name} has no @example`);
  console.error('sdk: the reference has undocumented or broken entries (see the warnings above)');
  process.exit(1);
}

// The sizes the README quotes; bundle-size.test.mjs holds the README to them.
const ours = measure(readFileSync('dist/js/connect-sdk.min.js'));
console.log(
  `sdk: connect-sdk.min.js ${ours.min} B min, ${ours.gzip} B min+gzip (budget ${SIZE_BUDGET_BYTES} B)`,
);
console.log(`sdk: README: ${sizeSentence(ours, connectSdkSizes())}`);
if (ours.gzip > SIZE_BUDGET_BYTES) {
  console.error(
    `sdk: the script-tag bundle is over its size budget by ${ours.gzip - SIZE_BUDGET_BYTES} bytes`,
  );
  process.exit(1);
}

// Ready to publish: `npm pack` holds only the builds, publint finds nothing, and every entry's types resolve under
// node16 and bundler resolution ("Are the types wrong?").
const packed = await checkPackage('.');
if (packed.problems.length > 0) {
  for (const problem of packed.problems) console.error(`sdk: package: ${problem}`);
  process.exit(1);
}
console.log(
  `sdk: package: npm pack holds ${packed.files.length} files; publint and are-the-types-wrong pass`,
);

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield relative('.', path);
  }
}
