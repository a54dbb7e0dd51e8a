import { relayNodeTransfer, relayNodeTransfers } from '../../api/contract/transfer-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import { relay } from './node-access-service.ts';

// R-NODE-READ: the page's read credential comes in `Authorization`, as at the node. Only GETs are bound: the relay
// stays read-only (a write answers 404 and reaches no node).

export const nodeReadRoutes = [
  bindEndpoint(relayNodeTransfers, ({ c, services, params, query }) => {
    const search = new URLSearchParams();
    if (query.filter) search.set('filter', query.filter);
    if (query.tag) search.set('tag', query.tag);
    return relay(services.nodes, params.node, `/ops/transfers?${search}`, c.req.header('authorization'));
  }),
  bindEndpoint(relayNodeTransfer, ({ c, services, params }) =>
    relay(
      services.nodes,
      params.node,
      `/ops/transfers/${encodeURIComponent(params.id)}`,
      c.req.header('authorization'),
    ),
  ),
];
