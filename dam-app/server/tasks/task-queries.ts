import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface NewTask {
  user_id: number;
  kind: string;
  title: string;
  due_at: Date | null;
  target_kind: string | null;
  target_id: string | null;
  source: string;
  status?: 'Scheduled' | 'Error';
}

/** Adds a task, or (one open task per person and source) updates the open one: its title, due date and status. */
export async function upsertOpenTask(db: Kysely<Database>, task: NewTask) {
  const open = await db
    .selectFrom('tasks')
    .select('id')
    .where('user_id', '=', task.user_id)
    .where('source', '=', task.source)
    .where('status', '<>', 'Completed')
    .forUpdate()
    .executeTakeFirst();
  if (open) {
    await db
      .updateTable('tasks')
      .set({ title: task.title, due_at: task.due_at, status: task.status ?? 'Scheduled' })
      .where('id', '=', open.id)
      .execute();
    return open.id;
  }
  const row = await db.insertInto('tasks').values(task).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Completes the open tasks a source made (of everyone, or of one person). */
export async function completeBySource(db: Kysely<Database>, source: string, userId?: number) {
  let query = db
    .updateTable('tasks')
    .set({ status: 'Completed', completed_at: new Date() })
    .where('source', '=', source)
    .where('status', '<>', 'Completed');
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function completeById(db: Kysely<Database>, userId: number, id: number) {
  const result = await db
    .updateTable('tasks')
    .set({ status: 'Completed', completed_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** My tasks: open ones first by due date (none last), then the completed, latest first. */
export async function tasksOf(
  db: Kysely<Database>,
  userId: number,
  status?: 'Scheduled' | 'Completed' | 'Error',
) {
  let query = db
    .selectFrom('tasks')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy((eb) => eb.case().when('status', '=', 'Completed').then(1).else(0).end())
    .orderBy('due_at', (order) => order.asc().nullsLast())
    .orderBy('id', 'desc')
    .limit(500);
  if (status) query = query.where('status', '=', status);
  return query.execute();
}
