import { relayNodeTransfer, relayNodeTransfers } from '../../api/contract/transfer-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import { RELAY_HEADER, relay } from './node-access-service.ts';

export const nodeReadRoutes = [
  bindEndpoint(relayNodeTransfers, ({ c, services, params, query }) => {
    const search = new URLSearchParams();
    if (query.filter) search.set('filter', query.filter);
    if (query.tag) search.set('tag', query.tag);
    return relay(services.nodes, params.node, `/ops/transfers?${search}`, c.req.header(RELAY_HEADER));
  }),
  bindEndpoint(relayNodeTransfer, ({ c, services, params }) =>
    relay(
      services.nodes,
      params.node,
      `/ops/transfers/${encodeURIComponent(params.id)}`,
      c.req.header(RELAY_HEADER),
    ),
  ),
];
