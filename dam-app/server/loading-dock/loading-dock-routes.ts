import {
  getLoadingDock,
  listLoadingDocks,
  loadingDockDone,
  prepareDownload,
} from '../../api/contract/loading-dock-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as docks from './loading-dock-service.ts';

export const loadingDockRoutes = [
  bindEndpoint(listLoadingDocks, ({ services, principal }) => docks.listDocks(services, principal)),
  bindEndpoint(prepareDownload, ({ services, principal, body }) =>
    docks.prepareDownload(services, principal, body),
  ),
  bindEndpoint(getLoadingDock, ({ services, principal, params }) =>
    docks.openDock(services, principal, params.notificationId),
  ),
  bindAction(loadingDockDone, ({ services, principal, params }) =>
    docks.finishDock(services, principal, params.notificationId),
  ),
];
