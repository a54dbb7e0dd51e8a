import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The script-tag files a page loads, each of which gets an integrity hash. */
export const SCRIPT_TAG_FILES = [
  'connect-sdk.min.js',
  'connect-sdk.js',
  'asperaweb-4.min.js',
  'asperaweb-4.js',
];

/**
 * The Subresource Integrity value of some bytes: `sha384-` and the base64 digest, what an `integrity` attribute holds.
 * @param {Uint8Array} bytes
 */
export function integrity(bytes) {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/**
 * Writes `<jsDir>/integrity.json` ({ file: integrity }) and `<docsDir>/script-tag.md`, the guide page with the
 * ready-to-paste tags; returns the hashes.
 * @param {string} jsDir @param {string} markdownFile @param {string} version
 */
export function writeIntegrity(jsDir, markdownFile, version) {
  /** @type {Record<string, string>} */
  const hashes = {};
  for (const file of SCRIPT_TAG_FILES) hashes[file] = integrity(readFileSync(join(jsDir, file)));
  writeFileSync(join(jsDir, 'integrity.json'), `${JSON.stringify(hashes, null, 2)}\n`);
  writeFileSync(markdownFile, integrityGuide(hashes, version));
  return hashes;
}

/** @param {Record<string, string>} hashes @param {string} version */
export function integrityGuide(hashes, version) {
  const tag = (/** @type {string} */ file) =>
    `<script src="https://your-site.example/sdk/js/${file}"\n  integrity="${hashes[file]}"\n  crossorigin="anonymous"></script>`;
  return [
    '---',
    'title: Script-tag files and their integrity hashes',
    'group: Guides',
    '---',
    '',
    `# Script-tag files of version ${version} and their integrity hashes`,
    '',
    'Load the SDK with its Subresource Integrity hash, so a browser refuses a file that changed on the way. These',
    'are the hashes of the files this site serves (the build writes them to `js/integrity.json` too):',
    '',
    '| file | integrity |',
    '| --- | --- |',
    ...Object.entries(hashes).map(([file, hash]) => `| \`js/${file}\` | \`${hash}\` |`),
    '',
    'Ready to paste:',
    '',
    '```html',
    tag('connect-sdk.min.js'),
    '```',
    '',
    'For a page pinned to the Connect SDK 3.x/4.x name:',
    '',
    '```html',
    tag('asperaweb-4.min.js'),
    '```',
    '',
    'Hosting the files on another origin than the page? Serve them with `Access-Control-Allow-Origin`: the browser',
    'checks `integrity` only on a CORS response (`crossorigin="anonymous"`). A new SDK version has new hashes.',
    '',
  ].join('\n');
}
