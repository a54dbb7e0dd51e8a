import { z } from 'zod';

/**
 * The primitives every input schema builds on, so that what the API accepts the database can hold: PostgreSQL's
 * `integer` ends at 2³¹−1, text cannot hold NUL, a lone UTF-16 surrogate is no character at all (and no UTF-8 can
 * carry it), and a timestamp must fall in a year the database and `Date.toISOString()` both write as four digits.
 */
export const DB_INT_MAX = 2_147_483_647;
export const DB_INT_MIN = -2_147_483_648;
/** `bigint` columns (sizes) hold more, but JavaScript numbers are exact only up to 2⁵³−1. */
export const DB_BIGINT_MAX = Number.MAX_SAFE_INTEGER;

export const TEXT_NOT_STORABLE = 'The text contains a character that cannot be stored (NUL or a broken one).';
export const NUMBER_OUT_OF_RANGE = `The number must be a whole number from ${DB_INT_MIN} to ${DB_INT_MAX}.`;
export const ID_INVALID = `An id is a whole number from 1 to ${DB_INT_MAX}.`;
export const DATE_OUT_OF_RANGE = 'The date must be between the years 1 and 9999.';

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text the database can store: no NUL, no lone surrogate. */
export const isStorableText = (value: string) => !value.includes('\0') && !LONE_SURROGATE.test(value);

/**
 * A string the database can store; chain `.trim()`, `.min()`, `.max()` as on `z.string()`. `typeMessage` is what a
 * missing value or one of another type is told.
 */
export const dbString = (typeMessage?: string) =>
  z.string(typeMessage ? { message: typeMessage } : undefined).refine(isStorableText, {
    message: TEXT_NOT_STORABLE,
  });

/** Is the number a row id an `integer` column holds? */
export const isDbId = (value: number) => Number.isInteger(value) && value >= 1 && value <= DB_INT_MAX;

/** A row id: a whole number from 1 to 2³¹−1 (what an `integer` / `serial` column holds). */
export const dbId = (message = ID_INVALID) =>
  z.number({ message }).int({ message }).min(1, { message }).max(DB_INT_MAX, { message });

/** A row id in a path or query string ("42"), with the same range. */
export const dbIdParam = (message = ID_INVALID) =>
  z.coerce.number({ message }).int({ message }).min(1, { message }).max(DB_INT_MAX, { message });

/** A whole number an `integer` column holds. */
export const dbInt = (message = NUMBER_OUT_OF_RANGE) =>
  z.number({ message }).int({ message }).min(DB_INT_MIN, { message }).max(DB_INT_MAX, { message });

const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** Is the instant one a `timestamptz` holds and `toISOString()` writes in the form PostgreSQL reads? */
export function isStorableInstant(time: number): boolean {
  return Number.isFinite(time) && time >= FIRST_INSTANT && time <= LAST_INSTANT;
}

/** An ISO 8601 date-time with offset whose instant (in UTC) the database holds. */
export const dbDateTime = () =>
  z.iso
    .datetime({ offset: true })
    .refine((value) => isStorableInstant(Date.parse(value)), { message: DATE_OUT_OF_RANGE });

/** What one path segment may take on common file systems (NAME_MAX): longer ones fail before any lookup. */
export const MAX_SEGMENT_BYTES = 255;
export const SEGMENT_TOO_LONG = `A file or folder name in a path can be at most ${MAX_SEGMENT_BYTES} bytes long.`;

/** A storage path the file system can look up: storable text, at most 4096 characters, no segment over 255 bytes. */
export const storablePath = () =>
  dbString()
    .max(4096)
    .refine((path) => path.split(/[\\/]/).every((part) => utf8Length(part) <= MAX_SEGMENT_BYTES), {
      message: SEGMENT_TOO_LONG,
    });

const encoder = new TextEncoder();
const utf8Length = (text: string) => (text.length * 3 <= MAX_SEGMENT_BYTES ? 0 : encoder.encode(text).length);
