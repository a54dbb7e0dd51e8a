import { z } from 'zod';
import { okSchema } from '../accounts.ts';
import { dbString } from '../db-safe.ts';
import {
  cancelledUploadSchema,
  errorUploadSchema,
  nodeCredentialsRequestSchema,
  nodeCredentialsSchema,
  preTransferRequestSchema,
  transferSpecsSchema,
  uploadAssetsRequestSchema,
  uploadAssetsSchema,
  uploadFileFinishAnswerSchema,
  uploadFileFinishSchema,
  uploadSessionActionSchema,
} from '../transfers.ts';
import type { EndpointErrors } from './define-endpoint.ts';
import { endpointGroup } from './endpoint-group.ts';
import { errors, infected, notFound } from './error-sets.ts';

const transfers = endpointGroup('Transfers', 'user');
/** The node did not answer (or not with an answer the server understands), or no node is configured. */
const nodeUnreachable = { 502: ['node_unreachable'] };
const nodeFailed = { 502: ['node_error'] };
const noNode = { 503: ['no_node'] };

export const preTransfer = transfers.post('/transfers/pre-transfer', {
  summary:
    'The pre-transfer handler workflow (R-PRE-TRANSFER): a transfer spec signed by the node for an upload into a folder of the current ACL, or a download of its files',
  body: preTransferRequestSchema,
  response: transferSpecsSchema,
  errors: errors(
    { 400: ['invalid_input'] },
    notFound,
    nodeUnreachable,
    { 502: ['node_credentials'] },
    nodeFailed,
    noNode,
  ),
});
export const nodeCredentials = transfers.post('/transfers/node-credentials', {
  summary:
    "NodeCredentials (R-NODE-CREDENTIALS): a short-lived credential that can only read this transfer's records on the node — never the node user's password",
  body: nodeCredentialsRequestSchema,
  response: nodeCredentialsSchema,
  errors: errors(notFound, nodeFailed, nodeUnreachable),
});

const nodeParam = z.object({ node: z.coerce.number().int().min(0).max(1000) });
export const relayNodeTransfers = transfers.get('/transfers/nodes/{node}/ops/transfers', {
  summary:
    "A node's transfer summary for the page's NodeCredentials token (relayed for nodes whose certificate browsers do not trust)",
  params: nodeParam,
  query: z.object({
    filter: dbString().max(40).optional(),
    tag: dbString()
      .max(64 * 1024)
      .optional(),
  }),
  response: z.unknown(),
  errors: errors(notFound, nodeUnreachable),
});
export const relayNodeTransfer = transfers.get('/transfers/nodes/{node}/ops/transfers/{id}', {
  summary: "One of a node's transfer records for the page's NodeCredentials token (relayed)",
  params: nodeParam.extend({ id: dbString().min(1).max(200) }),
  response: z.unknown(),
  errors: errors(notFound, nodeUnreachable),
});

/** A utils action of the page's upload (R-UPLOAD-*): the upload it names must be the caller's. */
function uploadAction<B extends z.ZodType, R extends z.ZodType>(
  action: string,
  summary: string,
  body: B,
  response: R,
  nodeErrors?: EndpointErrors,
) {
  return transfers.post(`/utils/${action}`, {
    summary,
    body,
    response,
    errors: errors(notFound, nodeErrors),
  });
}
export const uploadSessionStart = uploadAction(
  'UploadSessionStart',
  'Utils action UploadSessionStart (R-UPLOAD-SESSION-START): the page saw its upload on the node',
  uploadSessionActionSchema,
  okSchema,
);
export const uploadFileFinish = uploadAction(
  'UploadFileFinish',
  'Utils action UploadFileFinish (R-UPLOAD-FILE-FINISH): files of this upload the node reports completed inside its folder are registered once each for ingest; the page’s list only narrows it',
  uploadFileFinishSchema,
  uploadFileFinishAnswerSchema,
  // It asks the node what it finished, and the antivirus about what it did not register yet.
  errors(nodeFailed, noNode, infected),
);
export const uploadSessionFinish = uploadAction(
  'UploadSessionFinish',
  'Utils action UploadSessionFinish (R-UPLOAD-SESSION-FINISH): the upload is complete',
  uploadSessionActionSchema,
  okSchema,
);
export const errorUpload = uploadAction(
  'error_upload',
  'Utils action error_upload (R-UPLOAD-ERROR): the transfer failed with this message',
  errorUploadSchema,
  okSchema,
);
export const cancelledUpload = uploadAction(
  'cancelled_upload',
  'Utils action cancelled_upload (R-UPLOAD-CANCELLED): the person cancelled the upload',
  cancelledUploadSchema,
  okSchema,
);
export const uploadAssets = transfers.post('/transfers/upload-assets', {
  summary:
    'The assets an accelerated upload of the caller made (once ingested) and the upload form of its folder, for the upload progress dialog (R-UPLOAD-FORM)',
  body: uploadAssetsRequestSchema,
  response: uploadAssetsSchema,
  errors: errors(notFound),
});
