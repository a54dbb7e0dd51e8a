import { archiveStatus, restoreArchive, scheduleArchive } from '../../api/contract/archive-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as archive from './archive-service.ts';

export const archiveRoutes = [
  bindEndpoint(archiveStatus, ({ services }) => archive.archiveStatus(services)),
  bindEndpoint(scheduleArchive, ({ services, principal, body, ip }) =>
    archive.scheduleArchive(services, principal, body, ip),
  ),
  bindEndpoint(restoreArchive, ({ services, principal, body, ip }) =>
    archive.restoreArchive(services, principal, body, ip),
  ),
];
