import type { Connect, PublicStatus } from '@rapid/sdk';
import { ConnectInstaller, STATUS } from '@rapid/sdk';
import { useConnectStatus } from '@rapid/sdk/react';
import { useEffect, useState } from 'react';
import { MIN_CLIENT_VERSION } from '../../../api/transfer-messages.ts';

/** Spec §9: menu availability is checked this often until the client runs or has failed. */
export const MENU_CHECK_MS = 100;

/**
 * Spec §4 "Plugin status drives the transfer UI": initializing shows the launching notice, failed the download
 * prompt, outdated the update prompt, all through the installer banner; running hides it. Menus appear once a check
 * every 100 ms sees the client running (and stop being checked when it failed).
 */
export function useClientStatus(connect: Connect): { status: PublicStatus; menusReady: boolean } {
  const status = useConnectStatus(connect);
  const [installer] = useState(
    () => new ConnectInstaller({ sdkLocation: '/sdk', minVersion: MIN_CLIENT_VERSION }),
  );
  const [menusReady, setMenusReady] = useState(false);

  // Signing out unmounts the shell: the banner goes with it (the login screen has nothing to transfer).
  useEffect(() => () => installer.dismiss(), [installer]);

  useEffect(() => {
    if (status === STATUS.INITIALIZING) installer.showLaunching();
    else if (status === STATUS.FAILED) installer.showDownload();
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
