import {
  createRequest,
  decideRequest,
  getFolderApprover,
  getRequest,
  listApprovals,
  listAssetClearances,
  listMyRequests,
  reopenRequest,
  requestCounts,
  setFolderApprover,
} from '../../api/contract/requests-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as requests from './request-service.ts';

export const requestRoutes = [
  bindEndpoint(createRequest, ({ services, principal, body }) =>
    requests.createRequests(services, principal, body),
  ),
  bindEndpoint(listMyRequests, ({ services, principal, query }) =>
    requests.myRequests(services, principal, query),
  ),
  bindEndpoint(listApprovals, ({ services, principal, query }) =>
    requests.approvals(services, principal, query),
  ),
  bindEndpoint(requestCounts, ({ services, principal }) => requests.requestCounts(services, principal)),
  bindEndpoint(getRequest, ({ services, principal, params }) =>
    requests.getRequest(services, principal, params.id),
  ),
  bindEndpoint(decideRequest, ({ services, principal, params, body }) =>
    requests.decideRequest(services, principal, params.id, body),
  ),
  bindEndpoint(reopenRequest, ({ services, principal, params }) =>
    requests.reopenRequest(services, principal, params.id),
  ),
  bindEndpoint(listAssetClearances, ({ services, principal, params }) =>
    requests.assetClearances(services, principal, params.id),
  ),
  bindEndpoint(getFolderApprover, ({ services, params }) => requests.folderApprover(services, params.id)),
  bindAction(setFolderApprover, ({ services, params, body }) =>
    requests.setFolderApprover(services, params.id, body),
  ),
];
