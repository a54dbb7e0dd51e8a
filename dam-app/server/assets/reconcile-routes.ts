import { reconcileStorage } from '../../api/contract/assets-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import { reconcileFor } from './reconcile-service.ts';

export const reconcileRoutes = [
  bindEndpoint(reconcileStorage, async ({ services, principal }) => ({
    queued: await reconcileFor(services, principal),
  })),
];
