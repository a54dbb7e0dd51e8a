import type { Migration } from 'kysely';
import * as accounts from './0001-accounts.ts';
import * as assets from './0002-assets.ts';
import * as uploadSessions from './0003-upload-sessions.ts';
import * as jobSchedules from './0004-job-schedules.ts';
import * as operationIntents from './0006-operation-intents.ts';

/** Every migration, in order. Names never change once released: the database records them. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0002-assets': assets,
  '0003-upload-sessions': uploadSessions,
  '0004-job-schedules': jobSchedules,
  '0006-operation-intents': operationIntents,
};
