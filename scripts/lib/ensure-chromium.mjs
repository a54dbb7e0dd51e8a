import { existsSync } from 'node:fs';
import { run } from './run.mjs';

/** Debian's real binary; /usr/bin/chromium is a wrapper that injects flags (native-messaging.md §8.1). */
export const CHROMIUM_PATH = process.env.RAPID_CHROMIUM ?? '/usr/lib/chromium/chromium';

/**
 * Makes sure Chromium is installed for the end-to-end tests: Debian's `chromium` package, through apt-get as root or
 * with password-less sudo. Anything else gets a message that says what to run.
 * @returns {Promise<void>}
 */
export async function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return;
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `Chromium was not found at ${CHROMIUM_PATH}. Install Chromium and set RAPID_CHROMIUM to its binary to run the end-to-end tests.`,
    );
  }
  const asRoot = process.getuid?.() === 0;
  const prefix = asRoot ? [] : ['sudo', '-n'];
  console.log("Installing Debian's chromium package for the end-to-end tests…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = async (/** @type {string[]} */ args) => {
    const [command, ...rest] = [...prefix, 'apt-get', ...args];
    return run(/** @type {string} */ (command), rest, { env });
  };
  const installed =
    (await apt(['update', '-qq'])) === 0 && (await apt(['install', '-y', '-qq', 'chromium'])) === 0;
  if (!installed || !existsSync(CHROMIUM_PATH)) {
    throw new Error(
      asRoot
        ? 'apt-get could not install chromium. Check the machine can reach Debian package mirrors, then run `npm test` again.'
        : 'Chromium is missing and installing it needs root. Run `sudo apt-get install -y chromium`, then `npm test` again.',
    );
  }
}
