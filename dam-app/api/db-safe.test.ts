import { describe, expect, it } from 'vitest';
import {
  DATE_OUT_OF_RANGE,
  DB_INT_MAX,
  dbDateTime,
  dbId,
  dbIdParam,
  dbInt,
  dbString,
  SEGMENT_TOO_LONG,
  storablePath,
  TEXT_NOT_STORABLE,
} from './db-safe.ts';

describe('what the database can hold', () => {
  it.each([
    [1, true],
    [DB_INT_MAX, true],
    [DB_INT_MAX + 1, false],
    [0, false],
    [-1, false],
    [1.5, false],
    [1e308, false],
    [Number.POSITIVE_INFINITY, false],
    ['1', false],
  ])('an id %j: %s', (value, ok) => {
    expect(dbId().safeParse(value).success).toBe(ok);
  });

  it.each([
    ['1', true],
    ['2147483647', true],
    ['2147483648', false],
    ['99999999999999999999', false],
    ['1.5', false],
    ['-1', false],
    ['abc', false],
    ['', false],
  ])('an id in a path %j: %s', (value, ok) => {
    expect(dbIdParam().safeParse(value).success).toBe(ok);
  });

  it('an integer in range', () => {
    expect(dbInt().safeParse(-(2 ** 31)).success).toBe(true);
    expect(dbInt().safeParse(-(2 ** 31) - 1).success).toBe(false);
  });

  it.each([
    ['plain', true],
    ['café 😀', true],
    ['a\u0000b', false],
    ['\ud800', false],
    ['x\udfffy', false],
    ['\udfff\ud800', false],
    ['\ud83d\ude00', true],
  ])('text %j: %s', (value, ok) => {
    const result = dbString().max(100).safeParse(value);
    expect(result.success).toBe(ok);
    if (!ok) expect(result.error?.issues[0]?.message).toBe(TEXT_NOT_STORABLE);
  });

  it.each([
    ['2024-05-01T10:00:00Z', true],
    ['0001-01-01T00:00:00Z', true],
    ['9999-12-31T23:59:59.999Z', true],
    ['0000-12-31T23:59:59Z', false],
    ['9999-12-31T23:59:59.999-14:00', false],
    ['0001-01-01T00:00:00+14:00', false],
  ])('a date-time %s: %s', (value, ok) => {
    const result = dbDateTime().safeParse(value);
    expect(result.success).toBe(ok);
    if (!ok) expect(result.error?.issues[0]?.message).toBe(DATE_OUT_OF_RANGE);
  });

  it('a storage path whose every segment a file system can name', () => {
    expect(storablePath().safeParse(`Library/${'é'.repeat(127)}/a.jpg`).success).toBe(true);
    const long = storablePath().safeParse(`Library/${'é'.repeat(128)}/a.jpg`);
    expect(long.error?.issues[0]?.message).toBe(SEGMENT_TOO_LONG);
    expect(storablePath().safeParse('Library/a\u0000.jpg').success).toBe(false);
  });
});
