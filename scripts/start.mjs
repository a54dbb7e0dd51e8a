// `npm start`: installs and builds what is missing, registers the native host for this user's browsers, starts the
// daemon and the demo server, and says where to point the browser. Ctrl-C stops what it started.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { whyBuild } from './lib/build-stamp.mjs';
import { ensureDependencies } from './lib/ensure-deps.mjs';
import { ensureRuntimePackages } from './lib/ensure-system-packages.mjs';
import { REPO_ROOT } from './lib/repo.mjs';
import { NPM, npmArgs, run } from './lib/run.mjs';

const port = Number(process.env.PORT ?? 8080);
const url = `http://127.0.0.1:${port}/`;

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];

await ensureDependencies();
// exiftool, ffmpeg, poppler and certutil: installed when this user may (root or sudo), else said once, clearly.
const missingTools = await ensureRuntimePackages();
for (const line of missingTools) console.warn(`⚠ ${line}`);
// What people run is the production build, whatever NODE_ENV the calling shell (or a test runner) has set. A build of
// these very sources is not redone (build-stamp.mjs says why that matters beyond the seconds).
const needsBuild = whyBuild();
if (needsBuild) {
  console.log(`Building (${needsBuild}):`);
  const buildEnv = { ...process.env, NODE_ENV: 'production' };
  if ((await run(NPM, npmArgs(['run', '--silent', 'build']), { cwd: REPO_ROOT, env: buildEnv })) !== 0)
    fail('The build failed.');
} else console.log('The build is up to date with the sources.');

console.log('\nRegistering the Rapid native host for the browsers installed for this user:');
const registerCli = join(REPO_ROOT, 'native-host', 'dist', 'rapid-register.mjs');
if ((await run(process.execPath, [registerCli, 'install'])) !== 0)
  fail('Registering the native host failed.');

/**
 * @param {string} script
 * @param {NodeJS.ProcessEnv} [env]
 * @param {'inherit' | 'ignore' | 'pipe'} [errors]
 * @param {'inherit' | 'pipe'} [output]
 * @returns {import('node:child_process').ChildProcess}
 */
const start = (script, env = {}, errors = 'inherit', output = 'inherit') => {
  const child = spawn(process.execPath, [join(REPO_ROOT, script)], {
    stdio: ['ignore', output, errors, 'ipc'],
    env: { ...process.env, ...env },
  });
  children.push(child);
  return child;
};
// An already running daemon keeps serving and this one exits at once; either way the host finds a daemon.
// Its log lines go to its log file, not to this console; it says over IPC when it serves.
const daemon = start('native-host/dist/rapid-daemon.mjs', {}, 'ignore');
/** @type {Promise<number | null>} */
const daemonReady = new Promise((resolve) => {
  daemon.once('message', () => resolve(0));
  daemon.once('exit', (code) => resolve(code));
});
// The DAM runs with its embedded defaults (PGlite, local storage) and demo accounts; it prints their logins as one
// JSON line on stdout. Of its structured logs on stderr, warnings and errors are shown here.
const server = start('dam-app/dist/demo-server.mjs', { PORT: String(port) }, 'pipe', 'pipe');
/** @typedef {{ demoLogins: { role: string, username: string, password: string }[], demoContent?: { ok: boolean, error?: string, retryInSeconds?: number }, nodes: string[], storageRoot: string, home: string }} Started */
/** @type {Promise<Started | undefined>} */
const started = new Promise((resolve) => {
  eachLine(server.stdout, (line) => {
    const parsed = parseJson(line);
    if (parsed?.started) resolve(parsed.started);
    else process.stdout.write(`${line}\n`);
  });
  server.once('exit', () => resolve(undefined));
});
eachLine(server.stderr, (line) => {
  const parsed = parseJson(line);
  if (!parsed || parsed.level === 'warn' || parsed.level === 'error') process.stderr.write(`${line}\n`);
});
server.on('exit', (code) => {
  if (!stopping)
    fail(`The demo server stopped (exit code ${code}). Is port ${port} free? Set PORT to use another.`);
});

await waitUntilServing(url);
if ((await daemonReady) !== 0)
  fail(
    'The Rapid daemon did not start: see its log in $RAPID_HOME/logs (default ~/.local/share/rapid/logs).',
  );
const dam = await started;
const logins = dam?.demoLogins ?? [];
const width = Math.max(...logins.map((login) => login.username.length), 8);
const author = logins.find((login) => login.role === 'content author')?.username ?? 'the content author';
const demoProblem = dam?.demoContent && !dam.demoContent.ok ? dam.demoContent : undefined;
console.log(`
Rapid DAM is running at ${url}
API reference: ${url}api/docs
SDK docs:      ${url}sdk/docs/ (reference and guides for page developers)
Storage:       ${dam?.storageRoot}
Transfer node: ${dam?.nodes.join(', ') || 'not running (see the error above)'}

Demo logins (kept in ${dam?.home}/demo-logins.json):
${logins.map((login) => `  ${login.username.padEnd(width)}  ${login.password}   (${login.role})`).join('\n')}
${
  demoProblem
    ? `
⚠ The demo content could not be made yet: ${demoProblem.error}
  The DAM tries again every few minutes (the first time in ${demoProblem.retryInSeconds} s) and at the next start.
`
    : ''
}${missingTools.length ? `\n${missingTools.map((line) => `⚠ ${line}`).join('\n')}\n` : ''}
Your first accelerated upload:
  1. Load the Rapid extension. Chromium or Chrome: open chrome://extensions, turn on "Developer mode",
     click "Load unpacked" and choose ${join(REPO_ROOT, 'extension', 'dist')}
     Firefox: open about:debugging#/runtime/this-firefox, "Load Temporary Add-on…", and choose
     ${join(REPO_ROOT, 'extension', 'dist-firefox', 'manifest.json')}
  2. Open ${url} and log in as ${author} (content author) with the password above.
  3. In Places open Library ▸ Marketing and choose Create ▸ Quick Upload, or drop files on a folder of the tree.
  4. The Transfers button shows each transfer's progress; the files appear in the folder as assets.
Without the extension the same dialogs upload and download over HTTP.

Press Ctrl-C to stop.`);

let stopping = false;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, async () => {
    stopping = true;
    console.log('\nStopping the demo server and the daemon…');
    await Promise.all(children.map(stopChild));
    process.exit(0);
  });
}

/** @param {import('node:child_process').ChildProcess} child */
function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined);
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/** @param {import('node:stream').Readable | null} stream @param {(line: string) => void} onLine */
function eachLine(stream, onLine) {
  let buffered = '';
  stream?.on('data', (chunk) => {
    buffered += chunk.toString();
    for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
      onLine(buffered.slice(0, newline));
      buffered = buffered.slice(newline + 1);
    }
  });
}

/** @param {string} line @returns {any} */
function parseJson(line) {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/**
 * Up to 120 s: the first start migrates, loads the shipped dictionary and makes the demo content before it answers;
 * on a busy 2-core machine (a test suite beside it) that has taken over a minute.
 * @param {string} address
 */
async function waitUntilServing(address) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (
      await fetch(address).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fail(`The demo server did not answer at ${address}.`);
}

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`\n✖ ${message}`);
  for (const child of children) child.kill('SIGTERM');
  process.exit(1);
}
