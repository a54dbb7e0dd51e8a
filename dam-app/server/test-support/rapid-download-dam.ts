import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TransferEngine } from '@rapid/transfer';
import { type DatabaseKind, startTestDam, type TestDam } from './test-dam.ts';

/** A test DAM whose embedded transfer node serves visitors' Rapid downloads, and a Rapid client to fetch them with. */
export interface RapidDownloadDam {
  dam: TestDam;
  /** The visitor's Rapid client (the page's side of a share or portal download). */
  engine: TransferEngine;
  /** An empty folder the downloads land in. */
  local: string;
  /** A visitor's POST (no session, the DAM's own origin): a share's or a portal's public calls. */
  visitorPost(path: string, body?: unknown): Promise<Response>;
  close(): Promise<void>;
}

/** The day `offset` days from today, as an expiry date field takes it. */
export const dayFromToday = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function startRapidDownloadDam(kind: DatabaseKind): Promise<RapidDownloadDam> {
  const dam = await startTestDam(kind, {
    DAM_EMBEDDED_NODE: 'true',
    DAM_NODE_API_PORT: '0',
    DAM_NODE_TRANSFER_PORT: '0',
  });
  const engine = new TransferEngine({ retryBaseMs: 50 });
  const local = await mkdtemp(join(tmpdir(), 'rapid-visitor-download-'));
  return {
    dam,
    engine,
    local,
    visitorPost: (path, body) =>
      fetch(`${dam.url}/api/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: dam.url },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    close: async () => {
      engine.stopAll();
      await dam.close();
      await rm(local, { recursive: true, force: true });
    },
  };
}
