import { describe, expect, it } from 'vitest';
import { connectRequest, responseDetail } from './page-envelope.ts';

describe('connectRequest', () => {
  it('accepts the envelope the Connect SDK sends', () => {
    const envelope = {
      request_id: 10003,
      min_version: '3.9.0',
      method: 'POST',
      uri_reference: '/connect/transfers/activity',
      body: '{"iteration_token":0}',
    };
    expect(connectRequest.parse(envelope)).toEqual(envelope);
  });

  it('names every field that is wrong', () => {
    const result = connectRequest.safeParse({
      request_id: 'x',
      method: 'PUT',
      uri_reference: 'connect',
      body: 1,
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(['request_id', 'min_version', 'method', 'uri_reference', 'body']);
  });
});

describe('responseDetail', () => {
  it('tells a whole reply from a body64 piece', () => {
    expect(responseDetail.parse({ request_id: 1, status: 200, body: '{}' })).toHaveProperty('body', '{}');
    expect(
      responseDetail.parse({ request_id: 1, status: 200, body64: 'e30=', complete: true }),
    ).toHaveProperty('complete', true);
    expect(responseDetail.safeParse({ request_id: 1, status: 200 }).success).toBe(false);
  });
});
