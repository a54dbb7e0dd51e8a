import { describe, expect, it } from 'vitest';
import { hostReply, hostRequest } from './host-envelope.ts';

const sender = {
  tab: { id: 41, windowId: 3 },
  url: 'https://dam.example/x',
  origin: 'https://dam.example',
  frameId: 0,
};

describe('host envelope', () => {
  it('keeps every sender field the browser adds, so the host can echo it unchanged', () => {
    const request = hostRequest.parse({
      request_id: 10001,
      min_version: '',
      method: 'GET',
      uri_reference: '/connect/info/version',
      body: '',
      type: 'AsperaConnectRequest',
      frame_id: 'f1',
      sender,
    });
    expect(request.sender).toEqual(sender);
  });

  it('refuses a reply without routing fields', () => {
    expect(hostReply.safeParse({ status: 200, body: '{}' }).success).toBe(false);
    expect(
      hostReply.safeParse({ request_id: 1, frame_id: 'f1', sender, status: 200, body: '{}' }).success,
    ).toBe(true);
  });
});
