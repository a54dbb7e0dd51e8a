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
  uploadFileFinishAnswerSchema,
  uploadFileFinishSchema,
  uploadSessionActionSchema,
} from '../transfers.ts';
import { defineEndpoint } from './define-endpoint.ts';

const tag = 'Transfers';

export const preTransfer = defineEndpoint({
  method: 'post',
  path: '/transfers/pre-transfer',
  tag,
  summary:
    'The pre-transfer handler workflow (R-PRE-TRANSFER): a transfer spec signed by the node for an upload into a folder of the current ACL, or a download of its files',
  auth: 'user',
  body: preTransferRequestSchema,
  response: transferSpecsSchema,
  errors: { 400: ['invalid_input'], 404: ['not_found'] },
});
export const nodeCredentials = defineEndpoint({
  method: 'post',
  path: '/transfers/node-credentials',
  tag,
  summary:
    "NodeCredentials (R-NODE-CREDENTIALS): a short-lived credential that can only read this transfer's records on the node — never the node user's password",
  auth: 'user',
  body: nodeCredentialsRequestSchema,
  response: nodeCredentialsSchema,
  errors: { 404: ['not_found'] },
});

const nodeParam = z.object({ node: z.coerce.number().int().min(0).max(1000) });
export const relayNodeTransfers = defineEndpoint({
  method: 'get',
  path: '/transfers/nodes/{node}/ops/transfers',
  tag,
  summary:
    "A node's transfer summary for the page's NodeCredentials token (relayed for nodes whose certificate browsers do not trust)",
  auth: 'user',
  params: nodeParam,
  query: z.object({
    filter: dbString().max(40).optional(),
    tag: dbString()
      .max(64 * 1024)
      .optional(),
  }),
  response: z.unknown(),
  errors: { 404: ['not_found'] },
});
export const relayNodeTransfer = defineEndpoint({
  method: 'get',
  path: '/transfers/nodes/{node}/ops/transfers/{id}',
  tag,
  summary: "One of a node's transfer records for the page's NodeCredentials token (relayed)",
  auth: 'user',
  params: nodeParam.extend({ id: dbString().min(1).max(200) }),
  response: z.unknown(),
  errors: { 404: ['not_found'] },
});

export const uploadSessionStart = defineEndpoint({
  method: 'post',
  path: '/utils/UploadSessionStart',
  tag,
  summary: 'Utils action UploadSessionStart (R-UPLOAD-SESSION-START): the page saw its upload on the node',
  auth: 'user',
  body: uploadSessionActionSchema,
  response: okSchema,
  errors: { 404: ['not_found'] },
});
export const uploadFileFinish = defineEndpoint({
  method: 'post',
  path: '/utils/UploadFileFinish',
  tag,
  summary:
    'Utils action UploadFileFinish (R-UPLOAD-FILE-FINISH): files of this upload the node reports completed inside its folder are registered once each for ingest; the page’s list only narrows it',
  auth: 'user',
  body: uploadFileFinishSchema,
  response: uploadFileFinishAnswerSchema,
  errors: { 404: ['not_found'] },
});
export const uploadSessionFinish = defineEndpoint({
  method: 'post',
  path: '/utils/UploadSessionFinish',
  tag,
  summary: 'Utils action UploadSessionFinish (R-UPLOAD-SESSION-FINISH): the upload is complete',
  auth: 'user',
  body: uploadSessionActionSchema,
  response: okSchema,
  errors: { 404: ['not_found'] },
});
export const errorUpload = defineEndpoint({
  method: 'post',
  path: '/utils/error_upload',
  tag,
  summary: 'Utils action error_upload (R-UPLOAD-ERROR): the transfer failed with this message',
  auth: 'user',
  body: errorUploadSchema,
  response: okSchema,
  errors: { 404: ['not_found'] },
});
export const cancelledUpload = defineEndpoint({
  method: 'post',
  path: '/utils/cancelled_upload',
  tag,
  summary: 'Utils action cancelled_upload (R-UPLOAD-CANCELLED): the person cancelled the upload',
  auth: 'user',
  body: cancelledUploadSchema,
  response: okSchema,
  errors: { 404: ['not_found'] },
});
