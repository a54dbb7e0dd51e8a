import { z } from 'zod';

export const PROGRESS_RECORD_KEY = 'rapid.dam.uploads';

const uploadEntry = z.object({
  nodeUrl: z.string(),
  /** The node's id for the transfer once the summary showed it (R-UPLOAD-FIND). */
  transferId: z.string().optional(),
  /** The client's id (its `uuid`), to cancel it from the page. */
  clientId: z.string().optional(),
  fileCount: z.number(),
  /** Paths already reported with UploadFileFinish (R-UPLOAD-FILE-FINISH). */
  processed: z.array(z.string()),
  /** Paused by the person: the client stopped it to resume later, so the node's "cancelled" is not the end. */
  paused: z.boolean().optional(),
  cancelled: z.boolean().optional(),
  error: z.string().optional(),
});
export type UploadEntry = z.infer<typeof uploadEntry>;

/**
 * R-PROGRESS-RECORD progress record: per upload (by cookie) its node, its transfer id and the paths already processed, and
 * the list of completed cookies. The polling timer of the spec lives in memory; a reload starts a new one.
 */
const recordSchema = z.object({
  uploads: z.record(z.string(), uploadEntry),
  completed: z.array(z.string()),
});
export type ProgressRecord = z.infer<typeof recordSchema>;

const EMPTY: ProgressRecord = { uploads: {}, completed: [] };
/** Completed cookies kept; older ones drop off so the record stays small. */
const KEEP_COMPLETED = 200;

/** localStorage when it works (R-UPLOAD-GATE: uploads need it), else undefined. */
export function usableStorage(get: () => Storage = () => window.localStorage): Storage | undefined {
  try {
    const storage = get();
    const probe = `${PROGRESS_RECORD_KEY}.probe`;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
    return storage;
  } catch {
    return undefined;
  }
}

export class ProgressStore {
  constructor(private readonly storage: Storage) {}

  read(): ProgressRecord {
    const raw = this.storage.getItem(PROGRESS_RECORD_KEY);
    if (!raw) return structuredClone(EMPTY);
    try {
      const parsed = recordSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : structuredClone(EMPTY);
    } catch {
      return structuredClone(EMPTY);
    }
  }

  #write(record: ProgressRecord) {
    this.storage.setItem(PROGRESS_RECORD_KEY, JSON.stringify(record));
  }

  update(cookie: string, change: (entry: UploadEntry) => UploadEntry, initial?: UploadEntry): UploadEntry {
    const record = this.read();
    const current = record.uploads[cookie] ?? initial;
    if (!current) throw new Error('No such upload in the progress record.');
    const next = change(current);
    record.uploads[cookie] = next;
    this.#write(record);
    return next;
  }

  entry(cookie: string): UploadEntry | undefined {
    return this.read().uploads[cookie];
  }

  /** R-UPLOAD-SESSION-FINISH: the cookie joins the completed list and its entry goes. */
  complete(cookie: string) {
    const record = this.read();
    delete record.uploads[cookie];
    record.completed = [...record.completed.filter((each) => each !== cookie), cookie].slice(-KEEP_COMPLETED);
    this.#write(record);
  }

  /** R-UPLOAD-RESUME: uploads to resume after a reload — not cancelled, no error, not completed. */
  resumable(): [string, UploadEntry][] {
    const record = this.read();
    return Object.entries(record.uploads).filter(
      ([cookie, entry]) => !entry.cancelled && !entry.error && !record.completed.includes(cookie),
    );
  }
}
