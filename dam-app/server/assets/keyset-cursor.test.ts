import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { CURSOR_VALUES, decodeCursor, encodeCursor } from './keyset-cursor.ts';

const raw = (json: string) => Buffer.from(json, 'utf8').toString('base64url');
const refused = (cursor: string, shape: Parameters<typeof decodeCursor>[1]) => {
  try {
    decodeCursor(cursor, shape);
  } catch (error) {
    return error instanceof ApiError && error.status === 400 && error.code === 'bad_cursor';
  }
  return false;
};

describe('keyset cursors', () => {
  it('reads back what the server wrote', () => {
    expect(decodeCursor(encodeCursor(['dawn.jpg', 42]), [CURSOR_VALUES.text, CURSOR_VALUES.id])).toEqual([
      'dawn.jpg',
      42,
    ]);
    const printed = '2024-05-01 10:00:00.123456+00';
    expect(decodeCursor(encodeCursor([printed, 7]), [CURSOR_VALUES.timestamp, CURSOR_VALUES.id])).toEqual([
      printed,
      7,
    ]);
    expect(decodeCursor(encodeCursor([null, 7]), [CURSOR_VALUES.timestamp, CURSOR_VALUES.id])).toEqual([
      null,
      7,
    ]);
    expect(decodeCursor(encodeCursor(['123456789012', 7]), [CURSOR_VALUES.bigint, CURSOR_VALUES.id])).toEqual(
      ['123456789012', 7],
    );
  });

  it.each([
    ['not base64 JSON', '!!!', [CURSOR_VALUES.text, CURSOR_VALUES.id]],
    ['an id past integer', raw('["a",2147483648]'), [CURSOR_VALUES.text, CURSOR_VALUES.id]],
    ['a fractional id', raw('["a",1.5]'), [CURSOR_VALUES.text, CURSOR_VALUES.id]],
    ['an id of Infinity', raw('["a",1e400]'), [CURSOR_VALUES.text, CURSOR_VALUES.id]],
    ['no id', raw('["a",null]'), [CURSOR_VALUES.text, CURSOR_VALUES.id]],
    ['NUL in the text', raw('["a\\u0000",1]'), [CURSOR_VALUES.text, CURSOR_VALUES.id]],
    ['a lone surrogate', raw('["\\ud800",1]'), [CURSOR_VALUES.text, CURSOR_VALUES.id]],
    ['too many values', raw('["a",1,2]'), [CURSOR_VALUES.text, CURSOR_VALUES.id]],
    ['an object', raw('{"a":1}'), [CURSOR_VALUES.text, CURSOR_VALUES.id]],
    [
      'a date no column holds',
      raw('["99999-01-01 00:00:00+00",1]'),
      [CURSOR_VALUES.timestamp, CURSOR_VALUES.id],
    ],
    [
      'a day that does not exist',
      raw('["2024-02-30 00:00:00+00",1]'),
      [CURSOR_VALUES.timestamp, CURSOR_VALUES.id],
    ],
    ['a number as a date', raw('[2147483648,1]'), [CURSOR_VALUES.timestamp, CURSOR_VALUES.id]],
    ['text as a size', raw('["abc",1]'), [CURSOR_VALUES.bigint, CURSOR_VALUES.id]],
    ['an id sort value past integer', raw('["2147483648",1]'), [CURSOR_VALUES.intText, CURSOR_VALUES.id]],
  ] as const)('refuses %s with 400 bad_cursor', (_, cursor, shape) => {
    expect(refused(cursor, shape)).toBe(true);
  });
});
