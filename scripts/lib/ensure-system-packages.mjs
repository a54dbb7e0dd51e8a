import { existsSync } from 'node:fs';
import { run } from './run.mjs';

/**
 * What the DAM and the client need to run, which `npm start` installs too: each with what is lost without it. The
 * paths follow the same variables the DAM server reads (DAM_EXIFTOOL, DAM_FFMPEG, DAM_PDFTOPPM).
 */
export const RUNTIME_PACKAGES = [
  // certutil lets host registration trust Rapid's localhost certificate in Chromium and Firefox; tests check both.
  {
    name: 'certutil',
    file: '/usr/bin/certutil',
    debianPackage: 'libnss3-tools',
    without: 'browsers will not trust the local client’s HTTPS port',
  },
  // The DAM's renditions and metadata: video posters, PDF pages, EXIF/IPTC/XMP (reference/dam.md §1).
  {
    name: 'ffmpeg',
    file: process.env.DAM_FFMPEG ?? '/usr/bin/ffmpeg',
    debianPackage: 'ffmpeg',
    without: 'videos get no poster or preview, and the demo has no video',
  },
  {
    name: 'exiftool',
    file: process.env.DAM_EXIFTOOL ?? '/usr/bin/exiftool',
    debianPackage: 'libimage-exiftool-perl',
    without: 'no metadata is read from files, and the demo has no content',
  },
  {
    name: 'pdftoppm',
    file: process.env.DAM_PDFTOPPM ?? '/usr/bin/pdftoppm',
    debianPackage: 'poppler-utils',
    without: 'PDFs get no page previews',
  },
  // The dictionary that ships (spec §9, about 45k words) is loaded from Debian's American English word list.
  {
    name: 'American English word list',
    file: process.env.DAM_WORD_LIST ?? '/usr/share/dict/american-english',
    debianPackage: 'wamerican',
    without: 'the DAM ships no dictionary: an administrator uploads one',
  },
  // issue 30, themes (R-THEMES): a theme's 150x135 thumbnail is a headless screenshot of its preview.
  {
    name: 'Chromium (theme thumbnails)',
    file: '/usr/lib/chromium/chromium',
    debianPackage: 'chromium',
    without: 'theme thumbnails are drawn from the colours alone, not rendered',
  },
];

/**
 * The Debian packages the tests need, each found by one file it installs. Browsers are Debian's real binaries: the
 * /usr/bin entries are wrappers that inject flags (native-messaging.md §8.1).
 */
export const SYSTEM_PACKAGES = [
  {
    name: 'Chromium',
    file: process.env.RAPID_CHROMIUM ?? '/usr/lib/chromium/chromium',
    debianPackage: 'chromium',
  },
  {
    name: 'Firefox ESR',
    file: process.env.RAPID_FIREFOX ?? '/usr/lib/firefox-esr/firefox-esr',
    debianPackage: 'firefox-esr',
  },
  // A real desktop for the dialog tests: the zenity the daemon runs, on an Xvfb display, driven with xdotool.
  { name: 'zenity', file: '/usr/bin/zenity', debianPackage: 'zenity' },
  { name: 'Xvfb', file: '/usr/bin/Xvfb', debianPackage: 'xvfb' },
  { name: 'xdotool', file: '/usr/bin/xdotool', debianPackage: 'xdotool' },
  // The transfer engine's datagram addon (transfer/native) is built with gcc against Node's own headers; without
  // them the engine runs its JavaScript path, and the addon's tests build it first.
  { name: 'gcc', file: '/usr/bin/gcc', debianPackage: 'gcc' },
  { name: 'C library headers', file: '/usr/include/stdio.h', debianPackage: 'libc6-dev' },
  // The DAM server's suites run on PGlite and on a throw-away cluster of Debian's PostgreSQL 15.
  { name: 'PostgreSQL 15', file: '/usr/lib/postgresql/15/bin/initdb', debianPackage: 'postgresql-15' },
  // A real feed reader reads the DAM's RSS and Atom feeds in their tests (server/feeds).
  {
    name: 'feedparser',
    file: '/usr/lib/python3/dist-packages/feedparser/__init__.py',
    debianPackage: 'python3-feedparser',
  },
  // The DAM's antivirus (R-UPLOAD-SCAN): its tests start a real clamd on signatures the project writes (EICAR).
  { name: 'ClamAV daemon', file: '/usr/sbin/clamd', debianPackage: 'clamav-daemon' },
  // The DAM cluster's balancer (issue 31): its tests run three servers behind a real HAProxy.
  { name: 'HAProxy', file: process.env.DAM_HAPROXY ?? '/usr/sbin/haproxy', debianPackage: 'haproxy' },
  ...RUNTIME_PACKAGES,
  // issue 30, remote servers: a real FTP server for the DAM's delivery and import tests (R-REMOTE-SERVERS).
  {
    name: 'pyftpdlib',
    file: '/usr/lib/python3/dist-packages/pyftpdlib/__init__.py',
    debianPackage: 'python3-pyftpdlib',
  },
  // issue 30, SFTP servers: a real OpenSSH sshd the remote-server tests start on their own config (R-REMOTE-SFTP).
  { name: 'OpenSSH server', file: '/usr/sbin/sshd', debianPackage: 'openssh-server' },
];

/**
 * Installs whatever is missing with one apt-get call, as root or with password-less sudo. Anything else gets a
 * message that says what to run.
 * @param {string[]} [only] Debian package names to limit it to (a benchmark's own needs); default every one
 * @returns {Promise<void>}
 */
export async function ensureSystemPackages(only) {
  const wanted = only ? SYSTEM_PACKAGES.filter((each) => only.includes(each.debianPackage)) : SYSTEM_PACKAGES;
  const missing = missingPackages(wanted);
  if (missing.length === 0) return;
  const names = missing.map((each) => each.name).join(', ');
  const packages = missing.map((each) => each.debianPackage);
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `Missing: ${names}. Install them (RAPID_CHROMIUM / RAPID_FIREFOX name browsers elsewhere).`,
    );
  }
  const asRoot = process.getuid?.() === 0;
  const prefix = asRoot ? [] : ['sudo', '-n'];
  console.log(`Installing Debian's ${packages.join(', ')}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = async (/** @type {string[]} */ args) => {
    const [command, ...rest] = [...prefix, 'apt-get', ...args];
    return run(/** @type {string} */ (command), rest, { env });
  };
  const installed =
    (await apt(['update', '-qq'])) === 0 && (await apt(['install', '-y', '-qq', ...packages])) === 0;
  if (!installed || missing.some((each) => !existsSync(each.file))) {
    throw new Error(
      asRoot
        ? `apt-get could not install ${packages.join(' ')}. Check the machine can reach Debian's package mirrors, then run \`npm test\` again.`
        : `Installing ${packages.join(' ')} needs root. Run \`sudo apt-get install -y ${packages.join(' ')}\`, then \`npm test\` again.`,
    );
  }
}

/**
 * @template {{ file: string }} P
 * @param {P[]} packages
 * @returns {P[]} those whose file is not there
 */
export function missingPackages(packages) {
  return packages.filter((each) => !existsSync(each.file));
}

/**
 * For `npm start`: installs what the DAM needs to run when it can (root, or password-less sudo), and otherwise
 * starts without it. Returns one line per tool still missing, saying what is lost and what to run; none when
 * everything is there.
 * @returns {Promise<string[]>}
 */
export async function ensureRuntimePackages() {
  if (missingPackages(RUNTIME_PACKAGES).length === 0) return [];
  try {
    await ensureSystemPackages(missingPackages(RUNTIME_PACKAGES).map((each) => each.debianPackage));
  } catch {
    // Reported below, tool by tool: the DAM runs without them.
  }
  const still = missingPackages(RUNTIME_PACKAGES);
  if (still.length === 0) return [];
  const install = `sudo apt-get install -y ${still.map((each) => each.debianPackage).join(' ')}`;
  return [
    ...still.map((each) => `${each.name} is missing (${each.file}): ${each.without}.`),
    `Install with \`${install}\`, then run \`npm start\` again.`,
  ];
}
