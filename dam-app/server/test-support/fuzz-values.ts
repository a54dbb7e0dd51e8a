/** A small seeded generator (mulberry32): the same seed gives the same cases on every run and machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: () => number, values: readonly T[]): T =>
  values[Math.floor(random() * values.length)] as T;

export function shuffled<T>(random: () => number, values: readonly T[]): T[] {
  const copy = [...values];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** Stands for a JSON number no JavaScript value writes: `1e400` (Infinity once parsed). */
export const RAW_HUGE = '\u0001raw:1e400';
/** Stands for `-0.0e-400`, a number that parses to -0. */
export const RAW_NEGATIVE_ZERO = '\u0001raw:-0.0e-400';

/** Values no column holds: past PostgreSQL's integer, not integral, past any numeric range. */
export const BAD_NUMBERS: unknown[] = [
  2 ** 31,
  1.5,
  1e308,
  -1,
  0,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  2 ** 63,
  -1e308,
  1e-7,
  0.1,
  RAW_HUGE,
  RAW_NEGATIVE_ZERO,
];

/** Strings PostgreSQL refuses or that break text handling: NUL, lone surrogates, numbers and dates out of range. */
export const BAD_STRINGS: unknown[] = [
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '',
  ' ',
  '2147483648',
  '1.5',
  '1e400',
  '-1',
  '99999-01-01',
  '2024-02-30',
  'NaN',
  '../../etc/passwd',
  '%00',
  '\\',
  'é'.repeat(300),
  '😀'.repeat(200),
  'x'.repeat(5000),
];

/** Date-times that pass an ISO check but no database column holds, and ones that are not dates at all. */
export const BAD_DATES: unknown[] = [
  '9999-12-31T23:59:59.999-14:00',
  '0000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00Z',
  '294277-01-01T00:00:00Z',
  '2024-13-01T00:00:00Z',
  '0001-01-01T00:00:00+14:00',
  '2024-01-01',
];

const cursor = (json: string) => Buffer.from(json, 'utf8').toString('base64url');
/** Page positions a person could craft: the right encoding around values no sort column holds. */
export const BAD_CURSORS: unknown[] = [
  cursor('[2147483648]'),
  cursor('["x",2147483648]'),
  cursor('[1e400,1]'),
  cursor('[1.5,1.5]'),
  cursor('["\\u0000",1]'),
  cursor('["\\ud800",1]'),
  cursor('["99999-01-01T00:00:00Z",1]'),
  cursor('["not a date","x"]'),
  cursor('[null,null]'),
  cursor('[]'),
  cursor('[1,2,3,4,5,6,7,8]'),
  cursor('[{"a":1},[1]]'),
  cursor('{"a":1}'),
  cursor('[true,false]'),
  cursor('[-1e308,-1]'),
  '!!!',
  '',
  'a',
];

/** Wrong JSON types for any field. */
export const WRONG_TYPES: unknown[] = [null, true, {}, [], { a: 1 }, [null], 'x', 1];

/** Path and query parameters as text, as they appear in a URL (percent-encoding kept). */
export const BAD_URL_TEXTS: string[] = [
  '2147483648',
  '99999999999999999999',
  '1.5',
  '-1',
  '0',
  '1e3',
  '0x10',
  'abc',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF',
  '%F0%9F%98%80',
  '..%2F..%2Fetc',
  'x'.repeat(3000),
];
