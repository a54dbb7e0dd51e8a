import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { DamServices } from '../services.ts';
import { crashPoint } from './crash-point.ts';

/**
 * One kind of file-system + database operation, described so that a restart can always finish or undo it. The
 * operation writes its intent (a row) before it touches a file, and ends it in the transaction of its row changes;
 * a pending intent therefore always means "the rows are as before, the files may be anywhere on the way".
 */
export interface IntentKind<P> {
  readonly name: string;
  /** Storage-relative paths the operation changes (at or below each): a reconcile leaves them alone meanwhile. */
  paths(payload: P): string[];
  /** Did the file steps get far enough to finish the operation (else it is undone)? Tidies half-done file steps. */
  filesDone(services: DamServices, payload: P): Promise<boolean>;
  /** Work before the row transaction when finishing (reading a replaced file's metadata); must be repeatable. */
  prepare?(services: DamServices, payload: P): Promise<void>;
  /** The row changes that finish the operation, in the transaction that ends the intent. */
  rows(trx: Kysely<Database>, payload: P, services: DamServices): Promise<unknown>;
  /** Row changes when the operation is undone instead. */
  abandonRows?(trx: Kysely<Database>, payload: P): Promise<void>;
  /** Reverses what the file steps did after a failure while the server runs (best effort). */
  undo?(services: DamServices, payload: P): Promise<void>;
  /** Removes leftovers nothing refers to once the intent has ended either way (staged files). */
  cleanup?(services: DamServices, payload: P): Promise<void>;
}

/** Writes the intent (in the caller's transaction when given one): nothing has been touched yet. */
export async function beginIntent<P>(
  services: DamServices,
  kind: IntentKind<P>,
  payload: P,
  db: Kysely<Database> = services.db,
): Promise<number> {
  const row = await db
    .insertInto('operation_intents')
    .values({
      kind: kind.name,
      payload: JSON.stringify(payload),
      paths: kind.paths(payload),
      owner: services.intentOwner.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function endIntent(trx: Kysely<Database>, id: number) {
  const ended = await trx.deleteFrom('operation_intents').where('id', '=', id).executeTakeFirst();
  // Somebody else (a recovering server) ended it: our row changes must not land twice.
  if (Number(ended.numDeletedRows) !== 1) throw new Error(`The operation intent ${id} is no longer pending.`);
}

async function finish<P>(services: DamServices, kind: IntentKind<P>, id: number, payload: P, live: boolean) {
  // The crash-matrix hook marks the steps of an operation as it runs, not of its recovery.
  const step = (name: string, options?: { inTransaction: boolean }) =>
    live ? crashPoint(services.config, `${kind.name}.${name}`, options) : undefined;
  await kind.prepare?.(services, payload);
  const result = await services.db.transaction().execute(async (trx) => {
    const rows = await kind.rows(trx, payload, services);
    await endIntent(trx, id);
    await step('rows', { inTransaction: true });
    return rows;
  });
  await step('done');
  await kind.cleanup?.(services, payload).catch(() => {});
  return result;
}

/** Settles an intent from what its files show: finished when they got far enough, else undone. */
async function settle<P>(services: DamServices, kind: IntentKind<P>, id: number, payload: P) {
  if (await kind.filesDone(services, payload)) {
    await finish(services, kind, id, payload, false);
    return 'finished' as const;
  }
  await services.db.transaction().execute(async (trx) => {
    await kind.abandonRows?.(trx, payload);
    await endIntent(trx, id);
  });
  await kind.cleanup?.(services, payload).catch(() => {});
  return 'undone' as const;
}

/**
 * Runs an operation begun with `beginIntent`: its file steps, then its rows with the intent's end. A failure undoes
 * what it can and settles the intent at once; when even that fails the intent stays for the next start-up.
 */
export async function completeIntent<P, R>(
  services: DamServices,
  kind: IntentKind<P>,
  id: number,
  payload: P,
  files: () => Promise<void>,
): Promise<R> {
  await crashPoint(services.config, `${kind.name}.begun`);
  try {
    await files();
    await crashPoint(services.config, `${kind.name}.files`);
    return (await finish(services, kind, id, payload, true)) as R;
  } catch (error) {
    try {
      await kind.undo?.(services, payload);
      await settle(services, kind, id, payload);
    } catch (settling) {
      services.log.error('intent.settle_failed', { kind: kind.name, id, error: (settling as Error).message });
    }
    throw error;
  }
}

export async function performIntent<P, R = unknown>(
  services: DamServices,
  kind: IntentKind<P>,
  payload: P,
  files: () => Promise<void>,
): Promise<R> {
  const id = await beginIntent(services, kind, payload);
  return completeIntent<P, R>(services, kind, id, payload, files);
}

/**
 * Start-up recovery (and before every reconcile): settles each intent whose owner is dead. Claiming an intent is a
 * compare-and-set of its owner, so two servers recovering at once never settle one intent twice; a server that
 * dies while recovering leaves it claimed by a dead owner, and the next recovery takes it again.
 */
export async function recoverIntents(
  services: DamServices,
  kinds: ReadonlyMap<string, IntentKind<never>>,
): Promise<{ finished: number; undone: number; failed: number }> {
  const report = { finished: 0, undone: 0, failed: 0 };
  const pending = await services.db.selectFrom('operation_intents').selectAll().orderBy('id').execute();
  for (const intent of pending) {
    const claimed = await services.db.transaction().execute(async (trx) => {
      if (!(await services.intentOwner.isDead(trx, intent.owner))) return false;
      const taken = await trx
        .updateTable('operation_intents')
        .set({ owner: services.intentOwner.id })
        .where('id', '=', intent.id)
        .where('owner', '=', intent.owner)
        .executeTakeFirst();
      return Number(taken.numUpdatedRows) === 1;
    });
    if (!claimed) continue;
    const kind = kinds.get(intent.kind) as IntentKind<unknown> | undefined;
    try {
      if (!kind) throw new Error(`Unknown operation kind ${intent.kind}`);
      const outcome = await settle(services, kind, intent.id, intent.payload);
      report[outcome]++;
      services.log.info('intent.recovered', { kind: intent.kind, id: intent.id, outcome });
    } catch (error) {
      report.failed++;
      services.log.error('intent.recovery_failed', {
        kind: intent.kind,
        id: intent.id,
        error: (error as Error).message,
      });
    }
  }
  return report;
}

/** The paths of every pending intent, whoever owns it. */
export async function pendingIntentPaths(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('operation_intents').select('paths').execute();
  return rows.flatMap((row) => row.paths);
}
