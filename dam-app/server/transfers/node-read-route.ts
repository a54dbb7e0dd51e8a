import { z } from 'zod';
import { dbString } from '../../api/db-safe.ts';
import { MESSAGES } from '../../api/messages.ts';
import { ApiError, notFound } from '../api/api-error.ts';
import { defineRoute } from '../api/define-route.ts';
import type { NodeEndpoint } from '../config/config.ts';
import { NodeClient } from '../transfer-node/node-client.ts';

const RELAY = '/api/v1/transfers/nodes';
const READ_CREDENTIAL = /^Bearer RO1\.\S+$/;
/** `Authorization` on the DAM's API means an API key; the relayed node credential travels in its own header. */
const RELAY_HEADER = 'X-Node-Authorization';

/**
 * Where a page reads a node's transfer records (R-NODE-READ `GET {node}/ops/transfers…`): the node itself, or — for a
 * node whose certificate only the DAM trusts (the embedded node's self-signed one) — the DAM's relay below.
 */
export function nodeReadAccess(
  nodes: NodeEndpoint[],
  node: NodeEndpoint,
): { readUrl: string; readHeader: 'Authorization' | 'X-Node-Authorization' } {
  return node.ca
    ? { readUrl: `${RELAY}/${nodes.indexOf(node)}`, readHeader: RELAY_HEADER }
    : { readUrl: node.url, readHeader: 'Authorization' };
}

const params = z.object({ node: z.coerce.number().int().min(0).max(1000) });

/**
 * Passes the page's read-only credential (NodeCredentials) through to the node and the node's answer back, status
 * and all: it can read no more through the relay than it could at the node. Nothing else is forwarded.
 */
async function relay(nodes: NodeEndpoint[], index: number, path: string, authorization: string | undefined) {
  const node = nodes[index];
  if (!node) throw notFound('node');
  if (!authorization || !READ_CREDENTIAL.test(authorization))
    throw new ApiError(401, 'node_credentials', MESSAGES.unauthorized, 'A NodeCredentials token is needed.');
  const client = new NodeClient(node);
  try {
    const answer = await client.call('GET', path, undefined, 15_000, { authorization });
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
    });
  } catch (error) {
    throw new ApiError(502, 'node_unreachable', MESSAGES.operationFailed, (error as Error).message);
  } finally {
    client.close();
  }
}

export const nodeReadRoutes = [
  defineRoute({
    method: 'get',
    path: '/transfers/nodes/{node}/ops/transfers',
    tag: 'Transfers',
    summary:
      "A node's transfer summary for the page's NodeCredentials token (relayed for nodes whose certificate browsers do not trust)",
    auth: 'user',
    params,
    query: z.object({
      filter: dbString().max(40).optional(),
      tag: dbString()
        .max(64 * 1024)
        .optional(),
    }),
    response: z.unknown(),
    async handler({ c, services, params, query }) {
      const search = new URLSearchParams();
      if (query.filter) search.set('filter', query.filter);
      if (query.tag) search.set('tag', query.tag);
      return relay(services.nodes, params.node, `/ops/transfers?${search}`, c.req.header(RELAY_HEADER));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/transfers/nodes/{node}/ops/transfers/{id}',
    tag: 'Transfers',
    summary: "One of a node's transfer records for the page's NodeCredentials token (relayed)",
    auth: 'user',
    params: params.extend({ id: dbString().min(1).max(200) }),
    response: z.unknown(),
    async handler({ c, services, params }) {
      return relay(
        services.nodes,
        params.node,
        `/ops/transfers/${encodeURIComponent(params.id)}`,
        c.req.header(RELAY_HEADER),
      );
    },
  }),
];
