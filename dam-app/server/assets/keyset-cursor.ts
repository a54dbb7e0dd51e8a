import { z } from 'zod';
import { DB_BIGINT_MAX, dbId, dbString, isDbId, isStorableInstant } from '../../api/db-safe.ts';
import { invalid } from '../api/api-error.ts';

/** A page's position as an opaque string: the last row's sort values, JSON in base64url. */
export const encodeCursor = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

// How PostgreSQL prints a timestamptz as text: 2024-05-01 10:00:00.123456+00 (the offset may carry minutes).
const PRINTED_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-]\d{2}(?::\d{2}){0,2})$/;

/** The sort values a cursor may carry, each one its column can be compared with (a crafted cursor is refused). */
export const CURSOR_VALUES = {
  text: dbString().max(2000),
  id: dbId(),
  /** An `integer` column's value as text (the `id` sort). */
  intText: z
    .string()
    .regex(/^\d{1,10}$/)
    .refine((text) => isDbId(Number(text))),
  bigint: z
    .string()
    .regex(/^-?\d{1,16}$/)
    .refine((text) => Math.abs(Number(text)) <= DB_BIGINT_MAX),
  timestamp: z.string().refine((text) => {
    const parts = PRINTED_TIMESTAMP.exec(text);
    if (!parts) return false;
    const iso = `${parts[1]}-${parts[2]}-${parts[3]}T${parts[4]}:${parts[5]}:${parts[6]}Z`;
    const time = Date.parse(iso);
    return isStorableInstant(time) && new Date(time).toISOString().slice(0, 19) === iso.slice(0, 19);
  }),
} as const;

/**
 * The sort values of a page position, checked against what each position holds (`null` is a missing value), so
 * that no crafted cursor reaches the query with a value its column cannot be compared with.
 */
export function decodeCursor<const T extends readonly z.ZodType[]>(
  cursor: string,
  shape: T,
): { [K in keyof T]: z.output<T[K]> | null } {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {}
  const schema = z.tuple(shape.map((value) => value.nullable()) as unknown as [z.ZodType]);
  const parsed = schema.safeParse(values);
  if (!parsed.success || (parsed.data as unknown[]).at(-1) === null)
    throw invalid({ after: 'The page position is not valid.' }, 'bad_cursor');
  return parsed.data as { [K in keyof T]: z.output<T[K]> | null };
}
