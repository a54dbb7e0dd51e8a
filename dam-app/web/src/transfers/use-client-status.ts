import type { Connect, PublicStatus } from '@rapid/sdk';
import { ConnectInstaller, STATUS } from '@rapid/sdk';
import { useConnectStatus } from '@rapid/sdk/react';
import { useEffect, useState } from 'react';
import { MIN_CLIENT_VERSION } from '../../../api/transfer-messages.ts';
import { installPromptClosed, rememberInstallPromptClosed } from './install-prompt-memory.ts';

/** The statuses whose banner asks to install something: closing it there means "not now". */
const PROMPTED = new Set<string>([STATUS.FAILED, STATUS.EXTENSION_INSTALL]);
/** The window message Connect posts when the page needs the browser extension installed. */
const EXTENSION_INSTALL_REQUEST = 'show_extension_install';

let installerOfPage: ConnectInstaller | undefined;

/**
 * One installer banner per page: an installer listens to the window for as long as the page lives, so one made per
 * mount of the shell (each sign-in) would leave earlier ones answering Connect's install requests with a banner of
 * their own that nothing takes away.
 */
function pageInstaller(): ConnectInstaller {
  installerOfPage ??= new ConnectInstaller({ sdkLocation: '/sdk', minVersion: MIN_CLIENT_VERSION });
  return installerOfPage;
}

/** R-CLIENT-STATUS-UI: menu availability is checked this often until the client runs or has failed. */
export const MENU_CHECK_MS = 100;

/**
 * R-CLIENT-STATUS-UI "Plugin status drives the transfer UI": initializing shows the launching notice, failed the download
 * prompt, outdated the update prompt, all through the installer banner; running hides it. Menus appear once a check
 * every 100 ms sees the client running (and stop being checked when it failed).
 */
export function useClientStatus(connect: Connect): { status: PublicStatus; menusReady: boolean } {
  const status = useConnectStatus(connect);
  const installer = pageInstaller();
  const [menusReady, setMenusReady] = useState(false);

  // Signing out unmounts the shell: the banner goes with it (the login screen has nothing to transfer).
  useEffect(() => () => installer.dismiss(), [installer]);

  // Closing the install or download prompt keeps it closed for this browser session (install-prompt-memory.ts).
  // Connect asks for the extension's install prompt itself (a window message the installer answers); this listener
  // is added after the installer's own, so it runs second and takes the prompt away again once it was closed.
  useEffect(() => {
    const onEvent = (event: string) => {
      if (event === ConnectInstaller.EVENT.IFRAME_REMOVED && PROMPTED.has(connect.getStatus()))
        rememberInstallPromptClosed();
    };
    const onWindowMessage = (event: MessageEvent) => {
      if (event.source === window && event.data === EXTENSION_INSTALL_REQUEST && installPromptClosed())
        installer.dismiss();
    };
    installer.addEventListener(onEvent);
    window.addEventListener('message', onWindowMessage);
    return () => {
      installer.removeEventListener(onEvent);
      window.removeEventListener('message', onWindowMessage);
    };
  }, [installer, connect]);

  useEffect(() => {
    if (status === STATUS.INITIALIZING) installer.showLaunching();
    else if (status === STATUS.FAILED) {
      if (installPromptClosed()) installer.dismiss();
      else installer.showDownload();
    } else if (status === STATUS.EXTENSION_INSTALL && installPromptClosed()) installer.dismiss();
    else if (status === STATUS.OUTDATED) installer.showUpdate();
    else if (status === STATUS.RUNNING) installer.dismiss();
  }, [installer, status]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new status starts the 100 ms checks again (a client that stopped and came back adds its menus again).
  useEffect(() => {
    const check = () => {
      const now = connect.getStatus();
      setMenusReady(now === STATUS.RUNNING);
      return now === STATUS.RUNNING || now === STATUS.FAILED;
    };
    if (check()) return;
    const timer = setInterval(() => {
      if (check()) clearInterval(timer);
    }, MENU_CHECK_MS);
    return () => clearInterval(timer);
  }, [connect, status]);

  return { status, menusReady };
}
