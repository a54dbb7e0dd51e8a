import { sql } from 'kysely';
import { calendarRequestSchema, calendarSchema } from '../../api/search.ts';
import { defineRoute } from '../api/define-route.ts';
import { searchConditions } from './search-assets.ts';

export const calendarRoutes = [
  defineRoute({
    method: 'post',
    path: '/search/calendar',
    tag: 'Search',
    summary: 'The Calendar view’s buckets: results per day, week (from Sunday) or month, in UTC',
    auth: 'user',
    body: calendarRequestSchema,
    response: calendarSchema,
    async handler({ services, principal, body }) {
      const where = await searchConditions(services, principal, body.search);
      const column = body.field === 'dateCreated' ? sql`date_created` : sql`date_added`;
      const local = sql`(${column} at time zone 'UTC')`;
      const bucket =
        body.unit === 'day'
          ? sql`date_trunc('day', ${local})`
          : body.unit === 'month'
            ? sql`date_trunc('month', ${local})`
            : sql`date_trunc('day', ${local}) - make_interval(days => extract(dow from ${local})::int)`;
      const { rows } = await sql<{ start: string; count: string }>`
        select to_char(bucket, 'YYYY-MM-DD') as start, count(*) as count
        from (select ${bucket} as bucket from assets where ${where()}) as dated
        group by bucket order by bucket limit 1000`.execute(services.db);
      return { buckets: rows.map((row) => ({ start: row.start, count: Number(row.count) })) };
    },
  }),
];
