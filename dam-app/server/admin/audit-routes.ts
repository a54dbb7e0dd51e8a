import { exportAuditLog, listAuditLog, listOutbox } from '../../api/contract/admin-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import { auditCsv, auditLog, outbox } from './audit-service.ts';

export const adminAuditRoutes = [
  bindEndpoint(listAuditLog, ({ services, query }) => auditLog(services, query)),
  bindEndpoint(exportAuditLog, async ({ services, query }) => auditCsv(services, query)),
  bindEndpoint(listOutbox, ({ services }) => outbox(services)),
];
