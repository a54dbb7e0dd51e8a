import { startConversions } from '../../api/contract/conversions-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as requests from './request-service.ts';

export const conversionRoutes = [
  bindEndpoint(startConversions, ({ services, principal, body }) =>
    requests.startConversions(services, principal, body.items),
  ),
];
