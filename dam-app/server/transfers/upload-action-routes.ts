import {
  cancelledUpload,
  errorUpload,
  uploadAssets,
  uploadFileFinish,
  uploadSessionFinish,
  uploadSessionStart,
} from '../../api/contract/transfer-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as uploads from './upload-action-service.ts';

export { INGEST_UPLOAD_JOB } from './ingest-job.ts';

const ok = { ok: true as const };

export const uploadActionRoutes = [
  bindEndpoint(uploadSessionStart, async ({ services, principal, body }) => {
    await uploads.markStep(services, principal, body.cookie, 'started_at', body.path);
    return ok;
  }),
  bindEndpoint(uploadFileFinish, ({ services, principal, body }) =>
    uploads.fileFinish(services, principal, body.cookie, body.paths),
  ),
  bindEndpoint(uploadSessionFinish, async ({ services, principal, body }) => {
    await uploads.markStep(services, principal, body.cookie, 'finished_at', body.path);
    return ok;
  }),
  bindEndpoint(errorUpload, async ({ services, principal, body }) => {
    await uploads.recordError(services, principal, body.id, body.message, body.code);
    return ok;
  }),
  bindEndpoint(cancelledUpload, async ({ services, principal, body }) => {
    await uploads.recordCancel(services, principal, body.id, body.filename);
    return ok;
  }),
  bindEndpoint(uploadAssets, ({ services, principal, body }) =>
    uploads.uploadAssets(services, principal, body.cookie),
  ),
];
