import { existsSync } from 'node:fs';
import { run } from './run.mjs';

export const FIREFOX_PATH = process.env.RAPID_FIREFOX ?? '/usr/bin/firefox-esr';

/**
 * Debian's Firefox ESR for the installer banner's Firefox end-to-end test, installed like Chromium (apt-get as root
 * or with password-less sudo); anything else gets a message that says what to run.
 * @returns {Promise<void>}
 */
export async function ensureFirefox() {
  if (existsSync(FIREFOX_PATH)) return;
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `Firefox ESR was not found at ${FIREFOX_PATH}. Install it and set RAPID_FIREFOX to its binary.`,
    );
  }
  const prefix = process.getuid?.() === 0 ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = async (/** @type {string[]} */ args) => {
    const [command, ...rest] = [...prefix, 'apt-get', ...args];
    return run(/** @type {string} */ (command), rest, { env });
  };
  console.log("Installing Debian's firefox-esr package for the end-to-end tests…");
  if ((await apt(['update', '-qq'])) !== 0 || (await apt(['install', '-y', '-qq', 'firefox-esr'])) !== 0)
    throw new Error(
      'apt-get could not install firefox-esr. Run `sudo apt-get install -y firefox-esr`, then `npm test` again.',
    );
}
