import { z } from 'zod';

/** R-NODE-TRANSFER-DATA "Node transfer data read": what the page reads of a node's transfer record. */
export const nodeTransferSchema = z.object({
  id: z.string(),
  status: z.string(),
  error_code: z.number().nullable().optional(),
  error_desc: z.string().nullable().optional(),
  files_completed: z.number().optional(),
  files: z.array(z.object({ path: z.string(), status: z.string() })).optional(),
  start_spec: z.object({ cookie: z.string().nullable().optional() }).passthrough().optional(),
});
export type NodeTransfer = z.infer<typeof nodeTransferSchema>;

export type NodeAnswer<T> =
  | { kind: 'ok'; data: T }
  | { kind: 'unauthorized' }
  | { kind: 'not-found' }
  /** Missing, empty or malformed data (R-NODE-FAULTS: log and release the polling lock). */
  | { kind: 'garbage' };

export interface NodeReader {
  summary(cookie: string): Promise<NodeAnswer<NodeTransfer[]>>;
  transfer(id: string): Promise<NodeAnswer<NodeTransfer>>;
}

/** Where the page reads the node, with the read-only credential NodeCredentials gave (R-NODE-READ). */
export interface NodeAccess {
  readUrl: string;
  readHeader: string;
  authorization: string;
}

async function get(access: NodeAccess, path: string, fetcher: typeof fetch) {
  let response: Response;
  try {
    response = await fetcher(`${access.readUrl}${path}`, {
      headers: { [access.readHeader]: access.authorization, Accept: 'application/json' },
      credentials: 'same-origin',
    });
  } catch {
    return { kind: 'garbage' as const };
  }
  if (response.status === 401) return { kind: 'unauthorized' as const };
  if (response.status === 404) return { kind: 'not-found' as const };
  if (!response.ok) return { kind: 'garbage' as const };
  const body: unknown = await response.json().catch(() => undefined);
  return { kind: 'body' as const, body };
}

/** R-NODE-READ: `GET {node}/ops/transfers?filter=summary&tag=<cookie>` and `GET {node}/ops/transfers/{id}`. */
export function nodeReader(access: () => Promise<NodeAccess>, fetcher: typeof fetch = fetch): NodeReader {
  return {
    async summary(cookie) {
      const answer = await get(
        await access(),
        `/ops/transfers?${new URLSearchParams({ filter: 'summary', tag: cookie })}`,
        fetcher,
      );
      if (answer.kind !== 'body') return answer;
      const parsed = z.array(nodeTransferSchema).safeParse(answer.body);
      return parsed.success ? { kind: 'ok', data: parsed.data } : { kind: 'garbage' };
    },
    async transfer(id) {
      const answer = await get(await access(), `/ops/transfers/${encodeURIComponent(id)}`, fetcher);
      if (answer.kind !== 'body') return answer;
      const parsed = nodeTransferSchema.safeParse(answer.body);
      return parsed.success && parsed.data.files ? { kind: 'ok', data: parsed.data } : { kind: 'garbage' };
    },
  };
}
