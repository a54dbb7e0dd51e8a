import type { NodeAccess } from './node-reader.ts';
import type { TransferApi } from './transfer-api.ts';

/** Asked again this long before the credential runs out. */
const RENEW_BEFORE_MS = 30_000;

/**
 * R-UPLOAD-SETUP: the read-only node credential of one upload (NodeCredentials), fetched once and renewed before it
 * expires. It reads that upload's records and nothing else.
 */
export function nodeAccessFor(api: Pick<TransferApi, 'nodeCredentials'>, cookie: string, nodeUrl: string) {
  let current: { access: NodeAccess; expiresAt: number } | undefined;
  return async (): Promise<NodeAccess> => {
    if (!current || current.expiresAt - RENEW_BEFORE_MS < Date.now()) {
      const answer = await api.nodeCredentials(cookie, nodeUrl);
      current = {
        access: {
          readUrl: answer.readUrl,
          readHeader: answer.readHeader,
          authorization: answer.authorization,
        },
        expiresAt: Date.parse(answer.expiresAt),
      };
    }
    return current.access;
  };
}
