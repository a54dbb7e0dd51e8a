import { type OpsReadTokenRequest, opsReadTokenReply } from '@rapid/protocol';
import type { z } from 'zod';
import { MESSAGES } from '../../api/messages.ts';
import { parseTransferCookie } from '../../api/transfer-cookie.ts';
import type { nodeCredentialsRequestSchema } from '../../api/transfers.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError, notFound } from '../api/api-error.ts';
import type { NodeEndpoint } from '../config/config.ts';
import type { DamServices } from '../services.ts';
import { NodeClient } from '../transfer-node/node-client.ts';

const RELAY = '/api/v1/transfers/nodes';
const READ_CREDENTIAL = /^Bearer RO1\.\S+$/;
/** `Authorization` on the DAM's API means an API key; the relayed node credential travels in its own header. */
export const RELAY_HEADER = 'X-Node-Authorization';

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

/**
 * Passes the page's read-only credential (NodeCredentials) through to the node and the node's answer back, status
 * and all: it can read no more through the relay than it could at the node. Nothing else is forwarded.
 */
export async function relay(
  nodes: NodeEndpoint[],
  index: number,
  path: string,
  authorization: string | undefined,
) {
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

/** How long a page's read credential lives; the page asks again when it runs out. */
export const NODE_CREDENTIALS_SECONDS = 600;

/** NodeCredentials: a short-lived read-only token for the principal's own transfer on one node. */
export async function nodeCredentials(
  services: DamServices,
  principal: Principal,
  body: z.output<typeof nodeCredentialsRequestSchema>,
) {
  const node = services.nodes.find((each) => each.url === new URL(body.nodeUrl).origin);
  if (!node) throw notFound('node');
  const cookie = parseTransferCookie(body.cookie);
  // A cookie names its user first: nobody gets a credential for someone else's transfers.
  if (!cookie || cookie.userName.toLowerCase() !== principal.user.username.toLowerCase())
    throw notFound('transfer');
  const client = new NodeClient(node);
  try {
    const tokenRequest: OpsReadTokenRequest = { cookie: body.cookie, ttl_seconds: NODE_CREDENTIALS_SECONDS };
    const answer = await client.call('POST', '/rapid/ops_read_token', tokenRequest);
    const token = answer.status === 201 ? opsReadTokenReply.safeParse(answer.body).data : undefined;
    if (!token)
      throw new ApiError(502, 'node_error', MESSAGES.operationFailed, `The node answered ${answer.status}.`);
    return {
      nodeUrl: node.url,
      ...nodeReadAccess(services.nodes, node),
      authorization: token.token,
      expiresAt: token.expires_at,
    };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(502, 'node_unreachable', MESSAGES.operationFailed, (error as Error).message);
  } finally {
    client.close();
  }
}
