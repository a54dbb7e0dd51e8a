import type { SystemWorkflow } from '../../api/workflows.ts';

/**
 * The spec's own handlers (R-WORKFLOW-SYSTEM): the pre-transfer handler, the loading dock download and the
 * utils workflow. The DAM serves them in code (its transfer and loading-dock features); the Workflow Manager lists
 * them, read-only, with the actions and payloads the transfer integration calls.
 */
export const SYSTEM_WORKFLOWS: SystemWorkflow[] = [
  {
    key: 'pre-transfer',
    name: 'Pre-transfer handler',
    description: 'Answers a signed transfer specification before an accelerated upload or download starts.',
    actions: [
      {
        name: 'upload',
        payload:
          'workspaceId, transferCount, destDirId, nodehost, nodetarget (/files/upload_setup), transfer_spec',
        answer: 'transfer_specs, each holding transfer_spec',
      },
      {
        name: 'download',
        payload: 'nodehost, nodetarget (/files/download_setup), transfer_spec',
        answer: 'transfer_specs, each holding transfer_spec',
      },
    ],
  },
  {
    key: 'loading-dock-download',
    name: 'Loading dock download',
    description: 'Lists the files of a loading dock for a download, by its notification.',
    actions: [{ name: 'download', payload: 'notificationId, LoadingDockId', answer: 'JSON list of files' }],
  },
  {
    key: 'utils',
    name: 'Utils workflow',
    description: 'The transfer integration’s helper actions.',
    actions: [
      { name: 'asperaconvertidtopath', payload: 'id', answer: 'a path' },
      { name: 'NodeCredentials', payload: 'none', answer: 'credentials for the node' },
      { name: 'UploadSessionStart', payload: 'cookie, path', answer: '—' },
      { name: 'UploadFileFinish', payload: 'cookie, paths (JSON)', answer: 'a list of paths' },
      { name: 'UploadSessionFinish', payload: 'cookie, path', answer: '—' },
      { name: 'error_upload', payload: 'id, message', answer: '—' },
      { name: 'cancelled_upload', payload: 'id, filename', answer: '—' },
      { name: 'normalize_xmp', payload: 'id', answer: '—' },
      { name: 'list_directory', payload: 'id', answer: 'JSON list of paths' },
    ],
  },
];
