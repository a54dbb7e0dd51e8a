/** R-TRANSFER-DEFAULTS: the oldest client the transfer integration works with. */
export const MIN_CLIENT_VERSION = '3.9.1';

/** Where the client's installers are offered (the SDK location's troubleshoot page lists every package). */
export const CLIENT_DOWNLOAD_PAGE = '/sdk/install/troubleshoot/index.html';

/**
 * The texts and labels (R-SPEC-TEXTS) of the transfer integration's surfaces, states and
 * error handling, word for word where the spec gives the words. The provider's client is Rapid.
 */
export const TRANSFER_MESSAGES = {
  // menu entries
  quickUpload: 'Quick Upload',
  rapidQuickDownload: 'Rapid Quick Download',
  folderRapidDownload: 'Download (Rapid)',
  // Upload dialog
  uploadTitle: 'Upload',
  upload: 'Upload',
  cancel: 'Cancel',
  chooseFiles: 'Choose Files',
  chooseFile: 'Choose File',
  uploadOptions: 'Upload Options',
  standardDirectory: 'Upload to Standard Directory',
  currentDirectory: 'Upload to Current Directory',
  // Uploads
  mustSelectFile: 'You must select a file to upload.',
  selectFileEachLine: 'Select a file for each line.',
  // Download dialog
  downloadTitle: 'Download',
  standardDownload: 'Standard Download (HTTP)',
  rapidDownload: 'Rapid Download',
  downloadCartText: 'Download all files in the current cart with Standard or Rapid Download.',
  downloadFileText: 'Download this file with the standard or Rapid Download.',
  // Warning dialog
  warningTitle: 'Warning',
  continue: 'Continue',
  warningText: (version: string) =>
    `The Rapid client is not running. Try again; if the error recurs, install version ${version} of the free Rapid client from the Rapid download site.`,
  // Drag-and-drop hints
  dragHintBefore: 'Drag files onto a folder to upload them with Rapid.',
  dragHintDuring: 'Drop to upload into this folder.',
  // Reload warning
  reloadWarning: 'Upload in progress, do you want to reload the page?',
  // Upload flow (R-UPLOAD-ERROR)
  seeClientWindow: 'See Rapid window',
  // Upload states
  starting: 'starting',
  uploading: 'uploading',
  complete: 'complete',
  cancelled: 'cancelled',
  // How an upload ended otherwise (the spec names only the states above; these are ours).
  failed: 'failed',
  refused: 'refused by the transfer node: check its credentials',
  lost: 'unknown to the transfer node',
  stalled: 'no longer followed after repeated errors',
  // Accelerated transfer error handling (logged)
  nodeUnauthorized: 'The transfer node refused the credentials: check the node credentials.',
  nodeNotFound: 'The transfer node does not know this transfer: enable activity logging on the server.',
  nodeDataMissing: 'The transfer node sent no transfer data or no files list.',
  emptyPreTransfer: 'The pre-transfer handler answered no transfer spec: no transfer occurs.',
  noAclPermission: 'The current ACL has no relative path: contact the administrator.',
  noNotificationId: 'No notification id: an old loading dock script is in use.',
  localStorageUnavailable: 'Local storage is not available: enable it to upload with Rapid.',
  startFailed: 'The Rapid client could not start the transfer.',
} as const;
