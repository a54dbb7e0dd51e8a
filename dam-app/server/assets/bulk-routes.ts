import { bulkEdit, bulkSelect } from '../../api/contract/assets-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as bulk from './bulk-service.ts';

export const bulkRoutes = [
  bindEndpoint(bulkSelect, ({ services, principal, body }) => bulk.bulkSelect(services, principal, body)),
  bindEndpoint(bulkEdit, ({ services, principal, body }) => bulk.bulkEdit(services, principal, body)),
];
