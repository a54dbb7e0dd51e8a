import {
  deleteQuarantined,
  listQuarantine,
  rescanQuarantined,
} from '../../api/contract/quarantine-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as quarantine from './quarantine-service.ts';

export const quarantineRoutes = [
  bindEndpoint(listQuarantine, ({ services }) => quarantine.listQuarantine(services)),
  bindAction(rescanQuarantined, ({ services, principal, params, ip }) =>
    quarantine.rescan(services, principal, params.id, ip),
  ),
  bindAction(deleteQuarantined, ({ services, principal, params, ip }) =>
    quarantine.deleteQuarantined(services, principal, params.id, ip),
  ),
];
