import {
  releaseConfigurationLease,
  takeConfigurationLease,
} from '../../api/contract/configuration-lease-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as lease from './lease-service.ts';

export const configurationLeaseRoutes = [
  bindEndpoint(takeConfigurationLease, ({ services, principal, body }) =>
    lease.takeConfigurationLease(services, principal, body.scope),
  ),
  bindAction(releaseConfigurationLease, ({ services, principal, body }) =>
    lease.releaseConfigurationLease(services, principal, body.scope),
  ),
];
