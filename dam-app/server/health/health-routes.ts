import { health } from '../../api/contract/health-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as status from './health-service.ts';

export const healthRoutes = [
  bindEndpoint(health, ({ services, principal }) => status.health(services, principal)),
];
