import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectInstaller } from './connect-installer.ts';
import { testDoubleEnvironment } from './installer-test-double.ts';
import { noteRequestedMinVersion } from './requested-min-version.ts';

const MANIFEST = {
  entries: [
    {
      title: 'Rapid for Linux',
      platform: { os: 'linux', version: '' },
      navigator: { platform: 'Linux x86_64' },
      version: '0.1.0',
      id: 'urn:rapid:client:linux',
      updated: '2026-11-21T00:00:00.000Z',
      links: [{ title: 'Installer', type: 'application/gzip', href: 'bin/rapid.tar.gz', rel: 'enclosure' }],
    },
  ],
};
const SDK = 'https://dam.example/sdk';

let posted: string[] = [];

function frame(): HTMLIFrameElement {
  const element = document.getElementById('aspera-iframe-container');
  if (!(element instanceof HTMLIFrameElement)) throw new Error('no installer frame');
  return element;
}

/** The frame's window as the installer sees it: records what is posted to it (happy-dom loads no frames). */
function frameWindow(element: HTMLIFrameElement): Window {
  const known = frameWindows.get(element);
  if (known) return known;
  const made = { postMessage: (message: unknown) => void posted.push(String(message)) } as unknown as Window;
  Object.defineProperty(element, 'contentWindow', { value: made });
  frameWindows.set(element, made);
  return made;
}
const frameWindows = new WeakMap<HTMLIFrameElement, Window>();

/** Lets the frame "load". */
function loadFrame() {
  const element = frame();
  frameWindow(element);
  element.dispatchEvent(new Event('load'));
}

function fromFrame(message: string) {
  window.dispatchEvent(new MessageEvent('message', { data: message, source: frameWindow(frame()) }));
}

function setup(options = {}, manifest: unknown = MANIFEST) {
  const env = testDoubleEnvironment(manifest);
  const installer = new ConnectInstaller({ sdkLocation: SDK, style: 'carbon', ...options }, env);
  return { installer, env };
}

// Node's own console (the sdk's types leave Node out, hence the untyped import): happy-dom writes to it directly.
const CONSOLE_MODULE = 'node:console';
const { default: nodeConsole } = (await import(/* @vite-ignore */ CONSOLE_MODULE)) as { default: Console };

beforeEach(() => {
  // happy-dom loads no frame pages and tells Node's own console so for every frame; anything else still prints.
  const print = nodeConsole.error.bind(nodeConsole);
  vi.spyOn(nodeConsole, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('Iframe page loading is disabled')) print(...args);
  });
  vi.useFakeTimers();
  posted = [];
  localStorage.clear();
  document.body.innerHTML = '';
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('showLaunching', () => {
  it('shows launching only after 3500 ms', () => {
    const { installer } = setup();
    installer.showLaunching();
    expect(document.getElementById('aspera-iframe-container')).toBeNull();
    vi.advanceTimersByTime(3499);
    expect(document.getElementById('aspera-iframe-container')).toBeNull();
    vi.advanceTimersByTime(1);
    loadFrame();
    expect(posted).toContain('launching');
  });

  it('is cancelled by connected()', () => {
    const { installer } = setup();
    installer.showLaunching();
    vi.advanceTimersByTime(1000);
    installer.connected();
    loadFrame();
    vi.advanceTimersByTime(5000);
    expect(posted).not.toContain('launching');
    expect(posted).toContain('running');
  });

  it('is cancelled by dismiss()', () => {
    const { installer } = setup();
    installer.showLaunching();
    installer.dismiss();
    vi.advanceTimersByTime(10_000);
    expect(document.getElementById('aspera-iframe-container')).toBeNull();
  });
});

describe('connected', () => {
  it('shows running, stores the detection time, and dismisses after 2000 ms', () => {
    vi.setSystemTime(1_700_000_000_000);
    const { installer } = setup();
    installer.connected();
    loadFrame();
    expect(posted).toEqual(['running']);
    expect(localStorage.getItem('aspera-last-detected')).toBe('1700000000000');
    vi.advanceTimersByTime(1999);
    expect(frame().style.display).toBe('');
    vi.advanceTimersByTime(1);
    expect(frame().style.display).toBe('none');
    expect(frame().style.visibility).toBe('hidden');
  });

  it('counts its delay from the last call', () => {
    const { installer } = setup();
    installer.connected();
    vi.advanceTimersByTime(1500);
    installer.connected();
    vi.advanceTimersByTime(1999);
    expect(frame().style.display).toBe('');
    vi.advanceTimersByTime(1);
    expect(frame().style.display).toBe('none');
  });

  it('does not dismiss a dialog shown after it', () => {
    const { installer } = setup();
    installer.connected();
    installer.showRetry();
    vi.advanceTimersByTime(3000);
    expect(frame().style.display).toBe('');
  });
});

describe('the frame', () => {
  it('is one iframe at the top, 80px high, at most 600px wide, carbon at z-index 20', () => {
    const { installer } = setup();
    installer.showRetry();
    installer.showDownload();
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    const element = frame();
    expect(element.className).toBe('aspera-iframe-container');
    // The URL names the first dialog, so the frame paints that banner while it loads.
    expect(element.src).toBe(`${SDK}/install/carbon-installer/index.html#retry`);
    expect(element.style.height).toBe('80px');
    expect(element.style.maxWidth).toBe('600px');
    expect(element.style.width).toBe('100%');
    expect(element.style.top).toBe('0px');
    expect(element.style.zIndex).toBe('20');
    expect(element.title).not.toBe('');
  });

  it('is the blue top bar at z-index 999999999, with its own id and class', () => {
    const env = testDoubleEnvironment(MANIFEST);
    const installer = new ConnectInstaller(
      { sdkLocation: `${SDK}/`, style: 'blue', iframeId: 'bar', iframeClass: 'my-bar' },
      env,
    );
    installer.showUnsupportedBrowser();
    const element = document.getElementById('bar') as HTMLIFrameElement;
    expect(element.className).toBe('my-bar');
    expect(element.src).toBe(`${SDK}/install/auto-topbar/index.html#unsupported_browser`);
    expect(element.style.zIndex).toBe('999999999');
  });

  it('follows …px and 100% from the frame, and ignores other windows', () => {
    const { installer } = setup();
    installer.showRetry();
    fromFrame('132px');
    expect(frame().style.height).toBe('132px');
    fromFrame('100%');
    expect(frame().style.height).toBe('100%');
    expect(frame().style.maxWidth).toBe('100%');
    fromFrame('90px');
    expect(frame().style.maxWidth).toBe('600px');
    window.dispatchEvent(new MessageEvent('message', { data: '10px', source: window }));
    expect(frame().style.height).toBe('90px');
  });

  it('gets the settings and the current dialog once loaded, then every later dialog', () => {
    const { installer } = setup({
      stylesheetLocation: 'https://dam.example/banner.css',
      correlationId: 'c-1',
    });
    installer.showExtensionInstall();
    loadFrame();
    expect(posted).toEqual([
      'insertstylesheet=https://dam.example/banner.css',
      'correlationId=c-1',
      'extension_install',
    ]);
    installer.showRetry();
    expect(posted.at(-1)).toBe('retry');
  });

  it('can be shown again after dismiss', () => {
    const { installer } = setup();
    installer.showRetry();
    installer.dismiss();
    expect(frame().style.display).toBe('none');
    installer.showRetry();
    expect(frame().style.display).toBe('');
    expect(frame().style.visibility).toBe('');
  });
});

describe('dialogs', () => {
  it('showRetry counts', () => {
    const { installer } = setup();
    installer.showRetry();
    installer.showRetry();
    expect(installer.retryCount).toBe(2);
  });

  it('showExtensionInstall adds one hidden extension locator', () => {
    const { installer } = setup();
    installer.showExtensionInstall();
    installer.showExtensionInstall();
    const locators = document.querySelectorAll('.aspera-connect-ext-locator');
    expect(locators).toHaveLength(1);
    expect((locators[0] as HTMLElement).hidden).toBe(true);
  });

  it('reacts to show_extension_install posted by Connect in the same window', () => {
    setup();
    window.dispatchEvent(new MessageEvent('message', { data: 'show_extension_install', source: window }));
    loadFrame();
    expect(posted).toContain('extension_install');
  });

  it('showUpdate applies the minimum-secure-version rule', () => {
    const { installer } = setup({ minVersion: '3.9.0' });
    installer.showUpdate('3.7.0');
    loadFrame();
    expect(posted.at(-1)).toBe('update');
    document.body.innerHTML = '';
    const lenient = setup({ minVersion: '' }).installer;
    lenient.showUpdate('3.7.0');
    loadFrame();
    expect(posted.at(-1)).toBe('continue');
  });

  it('sends the installer link and version from the manifest to download dialogs', async () => {
    const { installer, env } = setup();
    installer.showDownload();
    loadFrame();
    await vi.runAllTimersAsync();
    expect(env.scripts[0]).toBe(`${SDK}/connectversions.min.js`);
    expect(posted).toContain(`downloadlink=${SDK}/bin/rapid.tar.gz`);
    expect(posted).toContain('downloadVersion=0.1.0');
  });

  it('shows unsupported_browser when the manifest has no entry for this OS', async () => {
    const { installer, env } = setup();
    env.navigatorPlatform = 'iPhone';
    installer.showDownload();
    loadFrame();
    await vi.runAllTimersAsync();
    expect(posted.at(-1)).toBe('unsupported_browser');
    installer.showInstall();
    expect(posted.at(-1)).toBe('unsupported_browser');
  });

  it('showPrevious goes back one dialog', () => {
    const { installer } = setup();
    installer.showRetry();
    installer.showExtensionInstall();
    loadFrame();
    installer.showPrevious();
    expect(posted.at(-1)).toBe('retry');
  });
});

describe('installer events (connect-bridge.md §4)', () => {
  function withFrame(options = {}) {
    const made = setup(options);
    const events: string[] = [];
    made.installer.addEventListener((event) => events.push(event));
    made.installer.showRetry();
    loadFrame();
    return { ...made, events };
  }

  it('iframeloaded reaches listeners on load', () => {
    const { events } = withFrame();
    expect(events).toEqual(['iframeloaded']);
  });

  it('downloadconnect shows install and sets install-attempted', () => {
    const { events } = withFrame();
    fromFrame('downloadconnect');
    expect(events.at(-1)).toBe('downloadconnect');
    expect(posted.at(-1)).toBe('install');
    expect(localStorage.getItem('aspera-install-attempted')).toBe('true');
  });

  it('download_extension shows download', () => {
    withFrame();
    fromFrame('download_extension');
    expect(posted.at(-1)).toBe('download');
  });

  it('refresh reloads the page', () => {
    const { env } = withFrame();
    fromFrame('refresh');
    expect(env.reloads).toBe(1);
  });

  it('removeiframe dismisses', () => {
    withFrame();
    fromFrame('removeiframe');
    expect(frame().style.display).toBe('none');
  });

  it('troubleshoot opens the troubleshoot page', () => {
    const { env } = withFrame();
    fromFrame('troubleshoot');
    expect(env.navigations).toEqual([`${SDK}/install/troubleshoot/index.html`]);
  });

  it('continue records the opt-out for 1440 s, then shows launching after its delay', () => {
    vi.setSystemTime(1_700_000_000_000);
    const { events } = withFrame();
    fromFrame('continue');
    expect(events.at(-1)).toBe('continue');
    expect(localStorage.getItem('connect-version-continued')).toBe('1700000000');
    expect(posted.at(-1)).toBe('retry');
    vi.advanceTimersByTime(3500);
    expect(posted.at(-1)).toBe('launching');
  });

  it('retry shows launching', () => {
    withFrame();
    fromFrame('retry');
    vi.advanceTimersByTime(3500);
    expect(posted.at(-1)).toBe('launching');
  });

  it('extension_install opens the store link for this browser', () => {
    const { env } = withFrame({ extensionStoreLinks: { chrome: 'https://store.example/rapid' } });
    fromFrame('extension_install');
    expect(env.opened).toEqual(['https://store.example/rapid']);
  });

  it('activity strings reach activity listeners only; clicked_download_app is remembered', () => {
    vi.setSystemTime(42_000);
    const { installer, events } = withFrame();
    const activities: string[] = [];
    installer.addActivityListener('connect_bar_event', (activity) => activities.push(activity));
    fromFrame('connect_bar_visible');
    fromFrame('clicked_download_app');
    fromFrame('not_an_event');
    expect(activities).toEqual(['connect_bar_visible', 'clicked_download_app']);
    expect(events).toEqual(['iframeloaded']);
    expect(localStorage.getItem('aspera-connect-app-download')).toBe('42000');
  });
});

describe('style', () => {
  it('defaults to carbon from a requested minimum of 3.9.0, else blue; a stored override wins', () => {
    const env = testDoubleEnvironment(MANIFEST);
    expect(new ConnectInstaller({ minVersion: '3.9.0' }, env).style).toBe('carbon');
    expect(new ConnectInstaller({ minVersion: '3.8.0' }, env).style).toBe('blue');
    expect(new ConnectInstaller({}, env).style).toBe('blue');
    localStorage.setItem('aspera-connect-install-style', 'blue');
    expect(new ConnectInstaller({ style: 'carbon', minVersion: '4.0' }, env).style).toBe('blue');
  });

  it('takes the requested minimum from Connect when the installer has none', () => {
    const env = testDoubleEnvironment(MANIFEST);
    noteRequestedMinVersion('3.10.1');
    expect(new ConnectInstaller({}, env).style).toBe('carbon');
    expect(new ConnectInstaller({ minVersion: '3.8' }, env).style).toBe('blue');
    noteRequestedMinVersion('3.8.0');
    expect(new ConnectInstaller({}, env).style).toBe('blue');
    noteRequestedMinVersion(undefined);
  });

  it('a carbon installer enables extension installs', () => {
    ConnectInstaller.supportsInstallingExtensions = false;
    new ConnectInstaller({ style: 'blue' }, testDoubleEnvironment());
    expect(ConnectInstaller.supportsInstallingExtensions).toBe(false);
    new ConnectInstaller({ style: 'carbon' }, testDoubleEnvironment());
    expect(ConnectInstaller.supportsInstallingExtensions).toBe(true);
  });
});

describe('installationJSON and the extension', () => {
  it('falls back to the default SDK location when the page’s has no manifest', async () => {
    const env = testDoubleEnvironment(MANIFEST);
    const load = env.loadScript;
    env.loadScript = async (url) => {
      if (url.startsWith('https://elsewhere.example')) {
        env.scripts.push(url);
        throw new Error('404');
      }
      return load(url);
    };
    const installer = new ConnectInstaller({ sdkLocation: 'https://elsewhere.example/sdk' }, env);
    const entry = await installer.installationJSON();
    expect(env.scripts).toHaveLength(2);
    expect(entry?.title).toBe('Rapid for Linux');
  });

  it('isExtensionInstalled calls timedout when nothing answers', async () => {
    const { installer } = setup();
    const timedout = vi.fn();
    const found = installer.isExtensionInstalled(1000, { timedout });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await found).toBe(false);
    expect(timedout).toHaveBeenCalledOnce();
  });

  it('links the extension store of this browser', () => {
    const { installer, env } = setup();
    expect(installer.getExtensionStoreLink()).toMatch(/^https:\/\/chromewebstore\.google\.com\//);
    expect(installer.doesBrowserNeedExtensionStore()).toBe(true);
    env.userAgent = 'Safari/605.1.15';
    expect(installer.doesBrowserNeedExtensionStore()).toBe(false);
  });
});
