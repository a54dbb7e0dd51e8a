import {
  createRemoteServer,
  deleteRemoteServer,
  deliverToRemote,
  forgetRemoteHostKey,
  getRemoteTransfer,
  importFromRemote,
  listRemoteServers,
  listRemoteTransfers,
  testRemoteServer,
  updateRemoteServer,
} from '../../api/contract/remote-servers-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as remote from './remote-server-service.ts';

export const remoteServerRoutes = [
  bindEndpoint(listRemoteServers, ({ services }) => remote.listRemoteServers(services)),
  bindEndpoint(createRemoteServer, ({ services, principal, body, ip }) =>
    remote.createRemoteServer(services, principal, body, ip),
  ),
  bindEndpoint(updateRemoteServer, ({ services, principal, params, body, ip }) =>
    remote.updateRemoteServer(services, principal, params.id, body, ip),
  ),
  bindAction(deleteRemoteServer, ({ services, principal, params, ip }) =>
    remote.deleteRemoteServer(services, principal, params.id, ip),
  ),
  bindAction(testRemoteServer, ({ services, params }) => remote.testRemoteServer(services, params.id)),
  bindAction(forgetRemoteHostKey, ({ services, principal, params, ip }) =>
    remote.forgetRemoteHostKey(services, principal, params.id, ip),
  ),
  bindEndpoint(listRemoteTransfers, ({ services }) => remote.listRemoteTransfers(services)),
  bindEndpoint(deliverToRemote, ({ services, principal, body, ip }) =>
    remote.deliver(services, principal, body, ip),
  ),
  bindEndpoint(importFromRemote, ({ services, principal, body, ip }) =>
    remote.importFiles(services, principal, body, ip),
  ),
  bindEndpoint(getRemoteTransfer, ({ services, params }) => remote.getRemoteTransfer(services, params.id)),
];
