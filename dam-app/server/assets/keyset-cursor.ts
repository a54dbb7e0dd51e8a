import { invalid } from '../api/api-error.ts';

/** A page's position as an opaque string: the last row's sort values, JSON in base64url. */
export const encodeCursor = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');

export function decodeCursor(cursor: string): unknown[] {
  try {
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(values) && values.every((v) => v === null || ['string', 'number'].includes(typeof v)))
      return values;
  } catch {}
  throw invalid({ after: 'The page position is not valid.' }, 'bad_cursor');
}
