import { Connect } from './connect.ts';

/**
 * Where each method takes its `{success, error}` callbacks. Given them, the Connect SDK's method returns nothing
 * (the answer goes to the callbacks only); without them it returns the promise.
 */
export const CALLBACKS_ARGUMENT = {
  version: 0,
  getAllTransfers: 0,
  showAbout: 0,
  showPreferences: 0,
  showTransferManager: 0,
  showSaveFileDialog: 0,
  showSelectFileDialog: 0,
  showSelectFolderDialog: 0,
  authenticate: 1,
  getTransfer: 1,
  removeTransfer: 1,
  stopTransfer: 1,
  showDirectory: 1,
  showTransferMonitor: 1,
  showPreferencesPage: 1,
  readAsArrayBuffer: 1,
  readChunkAsArrayBuffer: 1,
  getChecksum: 1,
  testSshPorts: 1,
  resumeTransfer: 2,
  modifyTransfer: 2,
} as const satisfies Partial<Record<keyof Connect, number>>;

/**
 * `AW4.Connect` as the script tag defines it: `Connect`, except that a method given callbacks returns `undefined`
 * as the Connect SDK's does (the differential conformance suite compares them). The ESM `Connect` keeps returning
 * the promise too, which its types promise.
 */
export class ScriptTagConnect extends Connect {}

for (const [name, position] of Object.entries(CALLBACKS_ARGUMENT)) {
  const method = () =>
    Connect.prototype[name as keyof typeof CALLBACKS_ARGUMENT] as (...args: unknown[]) => unknown;
  Object.defineProperty(ScriptTagConnect.prototype, name, {
    configurable: true,
    writable: true,
    value(this: Connect, ...args: unknown[]) {
      const result = method().apply(this, args);
      return args[position] ? undefined : result;
    },
  });
}
