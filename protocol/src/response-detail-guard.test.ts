import { describe, expect, it } from 'vitest';
import { responseDetail } from './page-envelope.ts';
import { readResponseDetail } from './response-detail-guard.ts';

const SAMPLES: unknown[] = [
  { request_id: 1, status: 200, body: '{}' },
  { request_id: 1, status: 0, body: '' },
  { request_id: 7, status: 200, body64: 'e30=', complete: true },
  { request_id: 7, status: 200, body64: '', complete: false },
  { request_id: 7, status: 200, body: 'x', body64: 'e30=', complete: true },
  { request_id: 7, status: 200, body64: 'e30=', complete: 'yes' },
  { request_id: 7, status: 200, body64: 'e30=' },
  { request_id: 2, status: 200, body: '{}', extra: 'dropped' },
  { request_id: 1.5, status: 200, body: '{}' },
  { request_id: '1', status: 200, body: '{}' },
  { request_id: 1, status: Number.NaN, body: '{}' },
  { request_id: 2 ** 60, status: 200, body: '{}' },
  { request_id: 1, status: 200, body: 1 },
  { request_id: 1, status: 200 },
  { status: 200, body: '{}' },
  [],
  [1, 200, '{}'],
  null,
  undefined,
  'AsperaConnectResponse',
  42,
];

describe('readResponseDetail', () => {
  it.each(SAMPLES.map((sample) => [JSON.stringify(sample) ?? String(sample), sample]))(
    'answers %s as the responseDetail schema does',
    (_name, sample) => {
      const parsed = responseDetail.safeParse(sample);
      expect(readResponseDetail(sample)).toEqual(parsed.success ? parsed.data : undefined);
    },
  );

  it('drops fields the schema does not know', () => {
    expect(readResponseDetail({ request_id: 2, status: 200, body: '{}', extra: 1 })).toStrictEqual({
      request_id: 2,
      status: 200,
      body: '{}',
    });
  });
});
