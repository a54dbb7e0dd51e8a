import { installerSupport } from '../connect/installer-support.ts';
import type { InstallEntry } from '../core/types.ts';
import { storeLink } from './browser-info.ts';
import {
  ACTIVITY_EVENT,
  type ActivityEvent,
  CONNECTED_DISMISS_MS,
  type DialogKind,
  EVENT_TYPE,
  EXTENSION_LOCATOR_CLASS,
  INSTALLER_EVENT,
  type InstallerEvent,
  LAUNCHING_DELAY_MS,
  STORAGE,
} from './constants.ts';
import { probeExtension } from './extension-probe.ts';
import { FrameHost } from './frame-host.ts';
import { frameTitle } from './frame-title.ts';
import { entryFor, installerUrl, loadInstallManifest } from './install-manifest.ts';
import { browserEnvironment, type InstallerEnvironment } from './installer-environment.ts';
import { createInstallerFrame } from './installer-frame.ts';
import {
  type InstallerOptions,
  type ResolvedInstallerOptions,
  resolveInstallerOptions,
} from './installer-options.ts';
import { safeStorage } from './safe-storage.ts';
import { defaultSdkLocation } from './sdk-location.ts';
import { recordUpdateOptOut } from './update-opt-out.ts';
import { updateDialog } from './update-rule.ts';

/**
 * Called with each {@link ConnectInstaller.EVENT} the banner sends.
 *
 * @example const onEvent: InstallerListener = (event) => console.log(event);
 */
export type InstallerListener = (event: InstallerEvent) => void;

/**
 * Called with each {@link ConnectInstaller.ACTIVITY_EVENT}: what the visitor did in the banner.
 *
 * @example const onActivity: InstallerActivityListener = (activity) => console.log(activity);
 */
export type InstallerActivityListener = (activity: ActivityEvent) => void;

const EVENTS = new Set<string>(Object.values(INSTALLER_EVENT));
const ACTIVITIES = new Set<string>(Object.values(ACTIVITY_EVENT));
/** Dialogs that offer the client installer: they need this OS's manifest entry. */
const NEEDS_INSTALLER = new Set<DialogKind>(['download', 'install', 'update', 'continue']);

/**
 * `AW4.ConnectInstaller`: the banner that guides a visitor to a working client (connect-protocol.md §13). The
 * page shows a dialog per `Connect` status; the banner is an iframe served from `sdkLocation`, themed with
 * `stylesheetLocation`.
 *
 * @example const installer = new ConnectInstaller({ sdkLocation: '/sdk' }); installer.showLaunching();
 */
export class ConnectInstaller {
  /**
   * The banner's events.
   * @example installer.addEventListener((e) => e === ConnectInstaller.EVENT.REFRESH_PAGE && location.reload());
   */
  static readonly EVENT = INSTALLER_EVENT;
  /**
   * What the visitor did in the banner, for analytics.
   * @example ConnectInstaller.ACTIVITY_EVENT.CLICKED_INSTALL_APP; // 'clicked_install_app'
   */
  static readonly ACTIVITY_EVENT = ACTIVITY_EVENT;
  /**
   * Activity types: the one, the banner's.
   * @example installer.addActivityListener(ConnectInstaller.EVENT_TYPE.CONNECT_BAR_EVENT, console.log);
   */
  static readonly EVENT_TYPE = EVENT_TYPE;
  /**
   * True once a carbon installer exists: then a missing extension means EXTENSION_INSTALL, not HTTP.
   * @example ConnectInstaller.supportsInstallingExtensions = true;
   */
  static get supportsInstallingExtensions(): boolean {
    return installerSupport.supportsInstallingExtensions;
  }
  /** Set by a carbon installer; a page sets it to opt in without one. */
  static set supportsInstallingExtensions(value: boolean) {
    installerSupport.supportsInstallingExtensions = value;
  }

  readonly #options: ResolvedInstallerOptions;
  readonly #env: InstallerEnvironment;
  readonly #listeners = new Set<InstallerListener>();
  readonly #activityListeners = new Set<InstallerActivityListener>();
  readonly #frame: FrameHost;
  #current: DialogKind | undefined;
  #previous: DialogKind | undefined;
  #launchTimer: ReturnType<typeof setTimeout> | undefined;
  #dismissTimer: ReturnType<typeof setTimeout> | undefined;
  #retries = 0;
  #entry: Promise<InstallEntry | undefined> | undefined;
  #download: { link?: string; version: string } | undefined;
  #unsupported = false;

  /**
   * Creates the banner's host; nothing shows until a `show…()` call.
   * @param options see {@link InstallerOptions}; every field is optional
   * @param environment the browser by default; tests pass their own
   * @example const installer = new ConnectInstaller({ style: 'carbon' });
   */
  constructor(options: InstallerOptions = {}, environment: InstallerEnvironment = browserEnvironment()) {
    this.#env = environment;
    this.#options = resolveInstallerOptions(options, defaultSdkLocation());
    if (this.#options.style === 'carbon') ConnectInstaller.supportsInstallingExtensions = true;
    this.#frame = new FrameHost(
      (dialog) => {
        const frame = createInstallerFrame({
          dialog,
          id: this.#options.iframeId,
          className: this.#options.iframeClass,
          style: this.#options.style,
          sdkLocation: this.#options.sdkLocation,
          title: frameTitle(this.#env.languages),
        });
        this.#env.window.document.body.append(frame);
        return frame;
      },
      () => this.#notify(INSTALLER_EVENT.IFRAME_LOADED),
    );
    const { stylesheetLocation, correlationId } = this.#options;
    if (stylesheetLocation) this.#frame.setting('insertstylesheet', stylesheetLocation);
    if (correlationId) this.#frame.setting('correlationId', correlationId);
    this.#env.window.addEventListener('message', this.#onMessage);
  }

  /**
   * The style in use after the stored override and the version rule.
   * @example installer.style; // 'carbon'
   */
  get style(): 'carbon' | 'blue' {
    return this.#options.style;
  }

  /**
   * How many times `showRetry` ran.
   * @example if (installer.retryCount > 2) installer.showDownload();
   */
  get retryCount(): number {
    return this.#retries;
  }

  /**
   * Listens to the banner's {@link ConnectInstaller.EVENT}s.
   * @example installer.addEventListener((e) => e === ConnectInstaller.EVENT.RETRY && connect.start());
   */
  addEventListener(listener: InstallerListener): void {
    if (typeof listener === 'function') this.#listeners.add(listener);
  }

  /**
   * Stops listening.
   * @example installer.removeEventListener(onEvent);
   */
  removeEventListener(listener: InstallerListener): void {
    this.#listeners.delete(listener);
  }

  /**
   * Listens to what the visitor does in the banner (for analytics).
   * @param type `ConnectInstaller.EVENT_TYPE.CONNECT_BAR_EVENT`
   * @example installer.addActivityListener(ConnectInstaller.EVENT_TYPE.CONNECT_BAR_EVENT, (a) => track(a));
   */
  addActivityListener(type: string, listener: InstallerActivityListener): void {
    if (type === EVENT_TYPE.CONNECT_BAR_EVENT && typeof listener === 'function')
      this.#activityListeners.add(listener);
  }

  /**
   * Stops listening to activity.
   * @example installer.removeActivityListener(ConnectInstaller.EVENT_TYPE.CONNECT_BAR_EVENT, onActivity);
   */
  removeActivityListener(type: string, listener: InstallerActivityListener): void {
    if (type === EVENT_TYPE.CONNECT_BAR_EVENT) this.#activityListeners.delete(listener);
  }

  /**
   * Shows `launching` after the delay, unless `connected()` or `dismiss()` comes first.
   * @param timeout ms before the dialog shows
   * @defaultValue timeout `3500`
   * @example connect.addEventListener(Connect.EVENT.STATUS, (_t, s) => s === 'INITIALIZING' && installer.showLaunching());
   */
  showLaunching(timeout = LAUNCHING_DELAY_MS): void {
    this.#cancelLaunching();
    this.#launchTimer = setTimeout(() => {
      this.#launchTimer = undefined;
      this.#show('launching');
    }, timeout);
  }

  /**
   * Shows `download`: the client is not installed (status FAILED on a first visit).
   * @example installer.showDownload();
   */
  showDownload(): void {
    this.#showNow('download');
  }

  /**
   * Shows `install`: the installer was downloaded; how to run it.
   * @example installer.showInstall();
   */
  showInstall(): void {
    this.#showNow('install');
  }

  /**
   * `continue` when the installed client is below the minimum secure version and the page's minimum does not force
   * the upgrade; else `update`.
   * @param installedVersion the client's version, when the page knows it (Rapid addition)
   * @example installer.showUpdate('3.7.4');
   */
  showUpdate(installedVersion?: string): void {
    this.#showNow(updateDialog(installedVersion, this.#options.minVersion));
  }

  /**
   * Shows `retry`: the client was installed before but does not answer (status FAILED).
   * @example installer.showRetry();
   */
  showRetry(): void {
    this.#retries++;
    this.#showNow('retry');
  }

  /**
   * Shows the extension dialog and marks the page, so the extension reloads it once it is installed.
   * @example installer.showExtensionInstall();
   */
  showExtensionInstall(): void {
    const doc = this.#env.window.document;
    if (!doc.querySelector(`.${EXTENSION_LOCATOR_CLASS}`)) {
      const locator = doc.createElement('div');
      locator.className = EXTENSION_LOCATOR_CLASS;
      locator.hidden = true;
      doc.body.append(locator);
    }
    this.#showNow('extension_install');
  }

  /**
   * Shows `unsupported_browser` (iOS, Android, or a browser without extension support).
   * @example installer.showUnsupportedBrowser();
   */
  showUnsupportedBrowser(): void {
    this.#showNow('unsupported_browser');
  }

  /**
   * Shows the dialog before the current one again.
   * @example installer.showPrevious();
   */
  showPrevious(): void {
    if (this.#previous) this.#showNow(this.#previous);
  }

  /**
   * Shows `running`, remembers when the client was detected, and dismisses after the delay.
   * @param timeout ms before the banner hides
   * @defaultValue timeout `2000`
   * @example connect.addEventListener(Connect.EVENT.STATUS, (_t, s) => s === 'RUNNING' && installer.connected());
   */
  connected(timeout = CONNECTED_DISMISS_MS): void {
    this.#cancelLaunching();
    safeStorage.set(STORAGE.lastDetected, String(this.#env.now()));
    this.#cancelDismiss();
    this.#show('running');
    this.#dismissTimer = setTimeout(() => this.dismiss(), timeout);
  }

  /**
   * Hides the frame; any `show…()` brings it back.
   * @example installer.dismiss();
   */
  dismiss(): void {
    this.#cancelLaunching();
    this.#cancelDismiss();
    this.#frame.hide();
    this.#current = undefined;
  }

  /**
   * Calls back with this computer's install-manifest entry, or undefined when the manifest lists no such OS.
   * @example const entry = await installer.installationJSON();
   */
  installationJSON(callback?: (entry: InstallEntry | undefined) => void): Promise<InstallEntry | undefined> {
    this.#entry ??= this.#loadEntry();
    void this.#entry.then((entry) => callback?.(entry));
    return this.#entry;
  }

  /**
   * Probes for the extension; a promise without callbacks, as in the reference.
   * @param timeoutMs how long to wait for the extension's answer
   * @example if (!(await installer.isExtensionInstalled(1000))) installer.showExtensionInstall();
   */
  isExtensionInstalled(
    timeoutMs: number,
    callbacks?: {
      /** Called when the extension answered. */
      success?: () => void;
      /** Called when it did not answer in time. */
      timedout?: () => void;
    },
  ): Promise<boolean> {
    const found = probeExtension(timeoutMs, this.#env.window);
    if (callbacks) void found.then((yes) => (yes ? callbacks.success?.() : callbacks.timedout?.()));
    return found;
  }

  /**
   * Whether this browser installs the extension from a store (then `getExtensionStoreLink` is its page).
   * @example installer.doesBrowserNeedExtensionStore(); // true in Chrome
   */
  doesBrowserNeedExtensionStore(): boolean {
    return this.getExtensionStoreLink() !== '';
  }

  /**
   * The extension's store page for this browser, or `''`.
   * @example installer.getExtensionStoreLink();
   */
  getExtensionStoreLink(): string {
    return storeLink(this.#env.userAgent, this.#options.extensionStoreLinks);
  }

  /**
   * Opens the extension's store page in a new tab.
   * @example installButton.onclick = () => installer.startExtensionInstall();
   */
  startExtensionInstall(): void {
    const link = this.getExtensionStoreLink();
    if (link) this.#env.openWindow(link);
  }

  #showNow(kind: DialogKind) {
    this.#cancelLaunching();
    this.#show(kind);
  }

  #show(kind: DialogKind) {
    if (kind !== 'running') this.#cancelDismiss();
    const shown = NEEDS_INSTALLER.has(kind) && this.#unsupported ? 'unsupported_browser' : kind;
    if (this.#current && this.#current !== shown) this.#previous = this.#current;
    this.#current = shown;
    this.#frame.show(shown);
    if (NEEDS_INSTALLER.has(kind)) void this.#prepareDownload();
  }

  async #prepareDownload() {
    if (this.#download) return;
    const entry = await this.installationJSON();
    if (this.#download) return;
    if (!entry) {
      this.#unsupported = true;
      this.#download = { version: '' };
      if (this.#current && NEEDS_INSTALLER.has(this.#current)) this.showUnsupportedBrowser();
      return;
    }
    this.#download = { link: installerUrl(entry), version: entry.version };
    if (this.#download.link) this.#frame.setting('downloadlink', this.#download.link);
    if (entry.version) this.#frame.setting('downloadVersion', entry.version);
  }

  async #loadEntry(): Promise<InstallEntry | undefined> {
    const loaded = await loadInstallManifest(
      [this.#options.sdkLocation, defaultSdkLocation()],
      this.#env.loadScript,
    );
    if (!loaded) return undefined;
    return entryFor(
      loaded.manifest,
      this.#env.navigatorPlatform,
      loaded.sdkLocation,
      this.#env.window.location.href,
    );
  }

  readonly #onMessage = (event: MessageEvent) => {
    const { data } = event;
    if (typeof data !== 'string') return;
    if (event.source === this.#env.window && data === 'show_extension_install') {
      this.showExtensionInstall();
      return;
    }
    if (this.#frame.isFrom(event.source)) this.#onFrameMessage(data);
  };

  #onFrameMessage(message: string) {
    if (this.#frame.resize(message)) return;
    if (ACTIVITIES.has(message)) return this.#onActivity(message as ActivityEvent);
    if (!EVENTS.has(message) || message === INSTALLER_EVENT.IFRAME_LOADED) return;
    const event = message as InstallerEvent;
    this.#notify(event);
    switch (event) {
      case INSTALLER_EVENT.DOWNLOAD_CONNECT:
        safeStorage.set(STORAGE.installAttempted, 'true');
        return this.showInstall();
      case INSTALLER_EVENT.DOWNLOAD_EXTENSION:
        return this.showDownload();
      case INSTALLER_EVENT.REFRESH_PAGE:
        return this.#env.reload();
      case INSTALLER_EVENT.IFRAME_REMOVED:
        return this.dismiss();
      case INSTALLER_EVENT.TROUBLESHOOT:
        return this.#env.navigate(this.#options.troubleshootLocation);
      case INSTALLER_EVENT.CONTINUE:
        recordUpdateOptOut(this.#env.now());
        return this.showLaunching();
      case INSTALLER_EVENT.RETRY:
        return this.showLaunching();
      case INSTALLER_EVENT.EXTENSION_INSTALL:
        return this.startExtensionInstall();
    }
  }

  #onActivity(activity: ActivityEvent) {
    if (activity === ACTIVITY_EVENT.CLICKED_DOWNLOAD_APP)
      safeStorage.set(STORAGE.appDownload, String(this.#env.now()));
    for (const listener of this.#activityListeners) listener(activity);
  }

  #notify(event: InstallerEvent) {
    for (const listener of this.#listeners) listener(event);
  }

  #cancelLaunching() {
    clearTimeout(this.#launchTimer);
    this.#launchTimer = undefined;
  }

  #cancelDismiss() {
    clearTimeout(this.#dismissTimer);
    this.#dismissTimer = undefined;
  }
}
