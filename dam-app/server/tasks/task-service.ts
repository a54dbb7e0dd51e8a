import type { Kysely } from 'kysely';
import type { TargetKind, Task, TaskStatus } from '../../api/notifications.ts';
import { TARGET_KINDS } from '../../api/notifications.ts';
import type { Principal } from '../access/principal.ts';
import { notFound } from '../api/api-error.ts';
import type { Database } from '../db/schema.ts';
import type { DamServices } from '../services.ts';
import * as queries from './task-queries.ts';

/** A task a feature adds for a person (issue 28 "My Tasks"; approvals and workflows add theirs the same way). */
export interface TaskInput {
  userId: number;
  /** What kind of action it is: `checkout.return`, `dock.failed`, later `approval`, `request`, `mention`… */
  kind: string;
  title: string;
  dueAt?: Date | null;
  target?: { kind: TargetKind; id: number | string };
  /** What made it (`checkout:12`): the same source updates its open task and completes it. */
  source: string;
  /** Error: the action failed and waits on the person (R-MY-TASKS). */
  status?: 'Scheduled' | 'Error';
}

/** Adds (or refreshes) a person's task, in the caller's transaction. */
export function addTask(trx: Kysely<Database>, task: TaskInput): Promise<number> {
  return queries.upsertOpenTask(trx, {
    user_id: task.userId,
    kind: task.kind,
    title: task.title,
    due_at: task.dueAt ?? null,
    target_kind: task.target?.kind ?? null,
    target_id: task.target ? String(task.target.id) : null,
    source: task.source,
    status: task.status ?? 'Scheduled',
  });
}

/** Completes the open tasks of a source (of one person when given), in the caller's transaction. */
export function completeTask(trx: Kysely<Database>, source: string, userId?: number): Promise<number> {
  return queries.completeBySource(trx, source, userId);
}

export async function myTasks(services: DamServices, principal: Principal, status?: TaskStatus) {
  const rows = await queries.tasksOf(services.db, principal.user.id, status);
  return {
    items: rows.map(
      (row): Task => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        status: row.status,
        dueAt: row.due_at?.toISOString() ?? null,
        target:
          row.target_kind &&
          row.target_id !== null &&
          (TARGET_KINDS as readonly string[]).includes(row.target_kind)
            ? { kind: row.target_kind as TargetKind, id: row.target_id }
            : null,
        createdAt: row.created_at.toISOString(),
        completedAt: row.completed_at?.toISOString() ?? null,
      }),
    ),
  };
}

/** A person marks one of their tasks done (a failed dock they have seen, a reminder). */
export async function completeMyTask(services: DamServices, principal: Principal, id: number) {
  if (!(await queries.completeById(services.db, principal.user.id, id))) throw notFound('task');
}
