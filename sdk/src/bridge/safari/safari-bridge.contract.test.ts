import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestDoubleClient } from '../../test-doubles/test-double-client.ts';
import { TestDoubleSafariExtension } from '../../test-doubles/test-double-safari-extension.ts';
import { SafariBridge } from './safari-bridge.ts';

let extension: TestDoubleSafariExtension;
let bridge: SafariBridge;

beforeEach(() => {
  vi.useFakeTimers();
  extension = new TestDoubleSafariExtension(new TestDoubleClient());
  bridge = new SafariBridge('3.9.0');
});
afterEach(() => {
  bridge.stop();
  extension.remove();
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('Safari bridge (connect-protocol.md §6)', () => {
  it('adds the detector element and finds the extension from its document-event answer', async () => {
    const found = bridge.detect(1000, new AbortController().signal);
    expect(document.getElementById('aspera-connect-detector')?.getAttribute('extension-enable')).toBe('true');
    await vi.advanceTimersByTimeAsync(10);
    await expect(found).resolves.toBe(true);
  });

  it('asks for the Safari mitigation when the detector is marked but no check is answered within 1 s', async () => {
    extension.answering = false;
    const messages: unknown[] = [];
    const onMessage = (event: MessageEvent) => messages.push(event.data);
    window.addEventListener('message', onMessage);
    const found = bridge.detect(-1, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(999);
    expect(messages).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(messages).toEqual(['show_safari_mitigate']));
    window.removeEventListener('message', onMessage);
    extension.answering = true;
    await vi.advanceTimersByTimeAsync(510);
    await expect(found).resolves.toBe(true);
  });
});
