import { preTransfer } from '../../api/contract/transfer-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as transfers from './pre-transfer-service.ts';

export { pickNode, TRANSFER_DEFAULTS } from './pre-transfer-service.ts';

export const preTransferRoutes = [
  bindEndpoint(preTransfer, ({ services, principal, body }) =>
    transfers.preTransfer(services, principal, body),
  ),
];
