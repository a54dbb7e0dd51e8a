import { describe, expect, it } from 'vitest';
import type { MessageSender } from '../platform/browser-api.ts';
import { trimSender } from './trim-sender.ts';

describe('trimSender', () => {
  it('keeps routing and origin, drops everything else the browser knows about the tab', () => {
    const sender = {
      id: 'ext',
      frameId: 2,
      url: 'https://dam.example/assets?x=1',
      tab: { id: 41, title: 'Secret project', favIconUrl: 'https://dam.example/f.ico', index: 0 },
    } as unknown as MessageSender;
    expect(trimSender(sender)).toEqual({
      tab: { id: 41 },
      frameId: 2,
      url: 'https://dam.example/assets?x=1',
      origin: 'https://dam.example',
    });
  });
});
