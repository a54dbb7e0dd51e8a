import {
  archiveSelection,
  archiveStatus,
  restoreArchive,
  restoreSelection,
  scheduleArchive,
} from '../../api/contract/archive-endpoints.ts';
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
  bindEndpoint(archiveSelection, ({ services, principal, body, ip }) =>
    archive.archiveSelection(services, principal, body, ip),
  ),
  bindEndpoint(restoreSelection, ({ services, principal, body, ip }) =>
    archive.restoreSelection(services, principal, body, ip),
  ),
];
