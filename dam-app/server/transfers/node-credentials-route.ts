import { nodeCredentials } from '../../api/contract/transfer-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as nodes from './node-access-service.ts';

export const nodeCredentialsRoutes = [
  bindEndpoint(nodeCredentials, ({ services, principal, body }) =>
    nodes.nodeCredentials(services, principal, body),
  ),
];
