import { describe, expect, it } from 'vitest';
import { parseRefusedRequest } from './cancel-method.ts';

const refused = (raw: string, code = 'HPE_INVALID_METHOD') =>
  Object.assign(new Error('x'), { code, rawPacket: Buffer.from(raw) });

describe('parseRefusedRequest', () => {
  it('reads a CANCEL request line and headers', () => {
    expect(
      parseRefusedRequest(
        refused('CANCEL /ops/transfers/abc HTTP/1.1\r\nHost: n\r\nAuthorization: Basic eDp5\r\n\r\n'),
      ),
    ).toEqual({
      method: 'CANCEL',
      path: '/ops/transfers/abc',
      headers: { host: 'n', authorization: 'Basic eDp5' },
    });
  });

  it.each([
    refused('BREW /pot HTTP/1.1\r\n\r\n'),
    refused('CANCEL /x HTTP/1.1\r\nHost: n'),
    refused('CANCEL /x HTTP/1.1\r\n\r\n', 'HPE_HEADER_OVERFLOW'),
  ])('ignores anything else', (error) => {
    expect(parseRefusedRequest(error)).toBeUndefined();
  });
});
