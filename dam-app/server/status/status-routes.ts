import { metrics, systemStatus } from '../../api/contract/status-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as status from './status-service.ts';

export const statusRoutes = [
  bindEndpoint(systemStatus, ({ services }) => status.systemStatus(services)),
  bindEndpoint(metrics, ({ services, principal }) => status.metricsText(services, principal)),
];
