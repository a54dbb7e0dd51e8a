// `@rapid/sdk/react`: hooks over the Connect store. Safe to import and render on the server: nothing here touches
// `window` until an effect runs in the browser.
export { ConnectProvider, useConnect } from './use-connect.ts';
export { useConnectStatus } from './use-connect-status.ts';
export { useTransfer, useTransfers } from './use-transfers.ts';
