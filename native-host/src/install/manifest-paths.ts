export type BrowserFamily = 'chromium' | 'firefox';

export interface BrowserLocation {
  browser: string;
  family: BrowserFamily;
  /** The browser's per-user profile folder, relative to the home folder: present means installed. */
  profileDir: string;
  /** Where it reads host manifests, relative to the home folder. */
  hostsDir: string;
}

export interface RegistryLocation {
  browser: string;
  family: BrowserFamily;
  /** HKCU key whose default value is the manifest's path; `<name>` is appended. */
  key: string;
}

/** Per-user manifest folders by OS and browser (native-messaging.md §5). */
const LINUX: BrowserLocation[] = [
  at('chrome', 'chromium', '.config/google-chrome', 'NativeMessagingHosts'),
  at('chromium', 'chromium', '.config/chromium', 'NativeMessagingHosts'),
  at('edge', 'chromium', '.config/microsoft-edge', 'NativeMessagingHosts'),
  at('brave', 'chromium', '.config/BraveSoftware/Brave-Browser', 'NativeMessagingHosts'),
  at('vivaldi', 'chromium', '.config/vivaldi', 'NativeMessagingHosts'),
  at('firefox', 'firefox', '.mozilla', 'native-messaging-hosts'),
];

const MAC_SUPPORT = 'Library/Application Support';
const DARWIN: BrowserLocation[] = [
  at('chrome', 'chromium', `${MAC_SUPPORT}/Google/Chrome`, 'NativeMessagingHosts'),
  at('chromium', 'chromium', `${MAC_SUPPORT}/Chromium`, 'NativeMessagingHosts'),
  at('edge', 'chromium', `${MAC_SUPPORT}/Microsoft Edge`, 'NativeMessagingHosts'),
  at('brave', 'chromium', `${MAC_SUPPORT}/BraveSoftware/Brave-Browser`, 'NativeMessagingHosts'),
  at('vivaldi', 'chromium', `${MAC_SUPPORT}/Vivaldi`, 'NativeMessagingHosts'),
  at('firefox', 'firefox', `${MAC_SUPPORT}/Mozilla`, 'NativeMessagingHosts'),
];

const WINDOWS: RegistryLocation[] = [
  { browser: 'chrome', family: 'chromium', key: 'HKCU\\Software\\Google\\Chrome\\NativeMessagingHosts' },
  { browser: 'chromium', family: 'chromium', key: 'HKCU\\Software\\Chromium\\NativeMessagingHosts' },
  { browser: 'edge', family: 'chromium', key: 'HKCU\\Software\\Microsoft\\Edge\\NativeMessagingHosts' },
  {
    browser: 'brave',
    family: 'chromium',
    key: 'HKCU\\Software\\BraveSoftware\\Brave-Browser\\NativeMessagingHosts',
  },
  { browser: 'vivaldi', family: 'chromium', key: 'HKCU\\Software\\Vivaldi\\NativeMessagingHosts' },
  { browser: 'firefox', family: 'firefox', key: 'HKCU\\Software\\Mozilla\\NativeMessagingHosts' },
];

export function manifestFolders(platform: NodeJS.Platform): BrowserLocation[] {
  if (platform === 'darwin') return DARWIN;
  if (platform === 'win32') return [];
  return LINUX;
}

export function registryKeys(platform: NodeJS.Platform): RegistryLocation[] {
  return platform === 'win32' ? WINDOWS : [];
}

function at(
  browser: string,
  family: BrowserFamily,
  profileDir: string,
  hostsSubdir: string,
): BrowserLocation {
  return { browser, family, profileDir, hostsDir: `${profileDir}/${hostsSubdir}` };
}
