import { listAuditLog, listOutbox } from '../../api/contract/admin-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import { auditLog, outbox } from './audit-service.ts';

export const adminAuditRoutes = [
  bindEndpoint(listAuditLog, ({ services, query }) => auditLog(services, query)),
  bindEndpoint(listOutbox, ({ services }) => outbox(services)),
];
