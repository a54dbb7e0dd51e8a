import {
  getLoadingDock,
  listLoadingDocks,
  loadingDockDone,
  loadingDockDownload,
  loadingDockZip,
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
  bindEndpoint(loadingDockDownload, ({ services, principal, query }) =>
    docks.dockDownload(services, principal, query),
  ),
  bindEndpoint(getLoadingDock, ({ services, principal, params }) =>
    docks.openDock(services, principal, params.notificationId),
  ),
  bindEndpoint(loadingDockZip, ({ services, principal, params }) =>
    docks.dockZip(services, principal, params.notificationId),
  ),
  bindAction(loadingDockDone, ({ services, principal, params }) =>
    docks.finishDock(services, principal, params.notificationId),
  ),
];
