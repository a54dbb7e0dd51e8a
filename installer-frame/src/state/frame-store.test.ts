import { describe, expect, it } from 'vitest';
import { listenEarly, takeEarlyMessages } from './early-messages.ts';
import { INITIAL_STATE } from './frame-state.ts';
import { createFrameStore } from './frame-store.ts';

function messageTarget() {
  const target = new EventTarget() as unknown as Window;
  const parent = {} as Window;
  const post = (data: unknown, source: unknown) =>
    target.dispatchEvent(Object.assign(new Event('message'), { data, source }));
  return { target, parent, post };
}

describe('createFrameStore', () => {
  it('takes dialogs from the parent only, and tells subscribers once per change', () => {
    const { target, parent, post } = messageTarget();
    const store = createFrameStore(target, parent);
    let changes = 0;
    store.subscribe(() => changes++);

    post('download', parent);
    post('download', parent);
    post('running', {});
    post('retry', null);

    expect(store.getState().dialog).toBe('download');
    expect(changes).toBe(1);
  });

  it('listens from creation, before any subscriber exists', () => {
    const { target, parent, post } = messageTarget();
    const store = createFrameStore(target, parent);
    post('extension_install', parent);
    expect(store.getState().dialog).toBe('extension_install');
  });

  it('starts from the first paint’s dialog, then replays what the parent sent before the bundle ran', () => {
    const { target, parent, post } = messageTarget();
    listenEarly(target);
    post('downloadlink=https://example.com/rapid.tar.gz', parent);
    post('install', {});
    post('retry', parent);
    const store = createFrameStore(
      target,
      parent,
      { ...INITIAL_STATE, dialog: 'download' },
      takeEarlyMessages(target),
    );
    expect(store.first.dialog).toBe('download');
    expect(store.getState()).toMatchObject({
      dialog: 'retry',
      downloadLink: 'https://example.com/rapid.tar.gz',
    });
    post('running', parent);
    expect(store.getState().dialog).toBe('running');
    expect(takeEarlyMessages(target)).toEqual([]);
  });
});
