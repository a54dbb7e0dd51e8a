import { existsSync } from 'node:fs';
import { run } from './run.mjs';

/** Debian's real binaries; the /usr/bin entries are wrappers that inject flags (native-messaging.md §8.1). */
export const BROWSERS = [
  {
    name: 'Chromium',
    binary: process.env.RAPID_CHROMIUM ?? '/usr/lib/chromium/chromium',
    debianPackage: 'chromium',
  },
  {
    name: 'Firefox ESR',
    binary: process.env.RAPID_FIREFOX ?? '/usr/lib/firefox-esr/firefox-esr',
    debianPackage: 'firefox-esr',
  },
];

/**
 * Makes sure the browsers of the end-to-end tests are installed: Debian's packages, through apt-get as root or with
 * password-less sudo. Anything else gets a message that says what to run.
 * @returns {Promise<void>}
 */
export async function ensureBrowsers() {
  const missing = BROWSERS.filter((browser) => !existsSync(browser.binary));
  if (missing.length === 0) return;
  const names = missing.map((browser) => browser.name).join(' and ');
  const packages = missing.map((browser) => browser.debianPackage);
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `${names} not found. Install them and set RAPID_CHROMIUM / RAPID_FIREFOX to their binaries to run the end-to-end tests.`,
    );
  }
  const asRoot = process.getuid?.() === 0;
  const prefix = asRoot ? [] : ['sudo', '-n'];
  console.log(`Installing Debian's ${packages.join(' and ')} for the end-to-end tests…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = async (/** @type {string[]} */ args) => {
    const [command, ...rest] = [...prefix, 'apt-get', ...args];
    return run(/** @type {string} */ (command), rest, { env });
  };
  const installed =
    (await apt(['update', '-qq'])) === 0 && (await apt(['install', '-y', '-qq', ...packages])) === 0;
  if (!installed || missing.some((browser) => !existsSync(browser.binary))) {
    throw new Error(
      asRoot
        ? `apt-get could not install ${packages.join(' ')}. Check the machine can reach Debian's package mirrors, then run \`npm test\` again.`
        : `${names} missing and installing needs root. Run \`sudo apt-get install -y ${packages.join(' ')}\`, then \`npm test\` again.`,
    );
  }
}
