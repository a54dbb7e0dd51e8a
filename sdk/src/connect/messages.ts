/**
 * Every text a page can see from the SDK. Validation texts are the specification's (connect-bridge.md §5), which
 * govern where they differ from the 5.x SDK (connect-protocol.md §1); texts the specification does not give are
 * the 5.x ones (connect-protocol.md §11).
 */
export const MESSAGES = {
  invalidEvent: 'Invalid EVENT parameter',
  invalidListener: 'Invalid Listener parameter',
  invalidAuthSpec: 'Invalid authSpec parameter',
  invalidTransferSpec: 'Invalid transferSpec parameter',
  invalidTransferSpecs: 'Invalid transferSpecs parameter',
  invalidOptions: 'Invalid options parameter',
  invalidParameters: 'Invalid parameters',
  dropNotEnabled:
    'Drop is not enabled in the initialization options, please instantiate Connect again with the dragDropEnabled option set to true.',
  invalidDropListener: 'You must provide a valid listener',
  invalidDropOptions: 'You must provide a valid options object',
  noDropElements: 'No valid elements for the selector given',
  alreadyInitialized: 'Session was already initialized',
  initSessionFirst: 'Please call initSession first',
  unsupportedBrowser: 'This browser is not supported',
  lowEntropy: 'WARNING: app_id field entropy might be too low.',
  versionUnparseable: 'Failed to parse version response',
  stopped: 'Connect is stopped. Call #start to resume session.',
  missingTransferId: 'Must provide transfer id.',
  missingCallbacks: 'Must provide callbacks.',
  invalidChecksumOptions: '#getChecksum options argument is either missing or incorrect',
  unsupportedChecksum: (method: string) => `${method} is not a supported checksum method`,
  invalidPreferencesPage: '#showPreferencesPage options argument is either missing or incorrect.',
  noAllTransfersMethod: 'getAllTransfers: No method is available for getting all transfers',
} as const;
