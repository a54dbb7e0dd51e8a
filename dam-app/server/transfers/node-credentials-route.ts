import { MESSAGES } from '../../api/messages.ts';
import { parseTransferCookie } from '../../api/transfer-cookie.ts';
import { nodeCredentialsRequestSchema, nodeCredentialsSchema } from '../../api/transfers.ts';
import { ApiError, notFound } from '../api/api-error.ts';
import { defineRoute } from '../api/define-route.ts';
import { NodeClient } from '../transfer-node/node-client.ts';
import { nodeReadAccess } from './node-read-route.ts';

/** How long a page's read credential lives; the page asks again when it runs out. */
export const NODE_CREDENTIALS_SECONDS = 600;

export const nodeCredentialsRoutes = [
  defineRoute({
    method: 'post',
    path: '/transfers/node-credentials',
    tag: 'Transfers',
    summary:
      "NodeCredentials (R-NODE-CREDENTIALS): a short-lived credential that can only read this transfer's records on the node — never the node user's password",
    auth: 'user',
    body: nodeCredentialsRequestSchema,
    response: nodeCredentialsSchema,
    async handler({ services, principal, body }) {
      const node = services.nodes.find((each) => each.url === new URL(body.nodeUrl).origin);
      if (!node) throw notFound('node');
      const cookie = parseTransferCookie(body.cookie);
      // A cookie names its user first: nobody gets a credential for someone else's transfers.
      if (!cookie || cookie.userName.toLowerCase() !== principal.user.username.toLowerCase())
        throw notFound('transfer');
      const client = new NodeClient(node);
      try {
        const answer = await client.call('POST', '/rapid/ops_read_token', {
          cookie: body.cookie,
          ttl_seconds: NODE_CREDENTIALS_SECONDS,
        });
        const token = answer.body as { token?: unknown; expires_at?: unknown } | undefined;
        if (answer.status !== 201 || typeof token?.token !== 'string' || typeof token.expires_at !== 'string')
          throw new ApiError(
            502,
            'node_error',
            MESSAGES.operationFailed,
            `The node answered ${answer.status}.`,
          );
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
    },
  }),
];
