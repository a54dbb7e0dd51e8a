import {
  lockDriveFile,
  readDriveFile,
  saveDriveVersion,
  unlockDriveFile,
} from '../../api/contract/drive-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as drive from './drive-service.ts';

export const driveRoutes = [
  bindEndpoint(lockDriveFile, ({ services, principal, params }) =>
    drive.lock(services, principal, params.file),
  ),
  bindEndpoint(readDriveFile, ({ services, principal, params }) =>
    drive.content(services, principal, params.file),
  ),
  bindEndpoint(saveDriveVersion, ({ c, services, principal, params }) =>
    drive.saveVersion(services, principal, params.file, c.req.raw.body),
  ),
  bindEndpoint(unlockDriveFile, async ({ services, principal, params }) => {
    await drive.unlock(services, principal, params.file);
    return new Response(null, { status: 204 });
  }),
];
