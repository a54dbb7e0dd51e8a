/**
 * `@rapid/sdk/react`: hooks over the Connect store. Safe to import and render on the server: nothing here touches
 * `window` until an effect runs in the browser.
 *
 * ```tsx
 * import { ConnectProvider, useConnectStatus, useTransfers } from '@rapid/sdk/react';
 * function Uploads() {
 *   const status = useConnectStatus();
 *   const transfers = useTransfers();
 *   return <p>{status}: {transfers.length} transfers</p>;
 * }
 * // <ConnectProvider options={{ minVersion: '3.9.0' }}><Uploads /></ConnectProvider>
 * ```
 *
 * @module \@rapid/sdk/react
 */
export { ConnectProvider, useConnect } from './use-connect.ts';
export { useConnectStatus } from './use-connect-status.ts';
export { useTransfer, useTransfers } from './use-transfers.ts';
