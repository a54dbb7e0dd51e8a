import { browser } from '../platform/browser-api.ts';

/**
 * Pages that asked the visitor to install the extension leave a locator element behind
 * (`ConnectInstaller.showExtensionInstall()`, connect-protocol.md §5.7). Content scripts do not reach tabs that
 * were open before the install, so those tabs are reloaded to come back with the bridge.
 * @returns how many tabs were reloaded
 */
export async function reloadTabsWaitingForExtension(): Promise<number> {
  const tabs = await browser.tabs.query({ url: ['http://*/*', 'https://*/*'] });
  let reloaded = 0;
  for (const tab of tabs) {
    if (tab.id === undefined) continue;
    const results = await browser.scripting
      .executeScript({
        target: { tabId: tab.id },
        func: () => document.querySelector('.aspera-connect-ext-locator') !== null,
      })
      .catch(() => []);
    if (results[0]?.result === true) {
      await browser.tabs.reload(tab.id);
      reloaded += 1;
    }
  }
  return reloaded;
}
