// @vitest-environment happy-dom
import { ChakraProvider } from '@chakra-ui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageKey } from '../i18n/messages-en.ts';
import { translator } from '../i18n/translate.ts';
import { DIALOG_STATES, type DialogState } from '../messages/parent-message.ts';
import { createFrameStore, type FrameStore } from '../state/frame-store.ts';
import { LOOKS } from '../theme/looks.ts';
import { frameSystem } from '../theme/system.ts';
import { App } from './app.tsx';

let sent: unknown[] = [];
let store: FrameStore;
const t = translator('en');

beforeEach(() => {
  sent = [];
  // The frame's parent is this window in happy-dom: record what the frame sends instead of delivering it.
  vi.spyOn(window, 'postMessage').mockImplementation((message: unknown) => void sent.push(message));
  store = createFrameStore(new EventTarget() as unknown as Window, null);
  render(
    <ChakraProvider value={frameSystem}>
      <App store={store} t={t} look={LOOKS.carbon} />
    </ChakraProvider>,
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const show = (state: (typeof DIALOG_STATES)[number]) => act(() => store.dispatch({ kind: 'state', state }));

describe('the banner', () => {
  it.each(DIALOG_STATES)('shows %s with its heading and a close button', (state) => {
    show(state);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t(HEADINGS[state]));
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('shows nothing until the parent names a dialog, then announces itself once per dialog', () => {
    expect(screen.queryByRole('heading')).toBeNull();
    expect(sent).toEqual([]);
    show('retry');
    show('retry');
    show('download');
    expect(sent.filter((each) => each === 'connect_bar_visible')).toHaveLength(2);
  });

  it('sends the action’s event, with its activity first', () => {
    show('extension_install');
    fireEvent.click(screen.getByRole('button', { name: 'Add the extension' }));
    expect(sent.slice(-2)).toEqual(['clicked_install_extension', 'extension_install']);
    show('continue');
    fireEvent.click(screen.getByRole('button', { name: 'Continue without updating' }));
    expect(sent.at(-1)).toBe('continue');
  });

  it('offers the download only with a link from the install manifest', () => {
    show('download');
    expect(screen.queryByRole('link', { name: /Download Rapid/ })).toBeNull();
    act(() => {
      store.dispatch({
        kind: 'setting',
        name: 'downloadlink',
        value: 'https://dam.example/sdk/bin/rapid.tar.gz',
      });
      store.dispatch({ kind: 'setting', name: 'downloadVersion', value: '4.2.0.7' });
    });
    const link = screen.getByRole('link', { name: 'Download Rapid 4.2' });
    expect(link.getAttribute('href')).toBe('https://dam.example/sdk/bin/rapid.tar.gz');
    expect(link.hasAttribute('download')).toBe(true);
    fireEvent.click(link);
    expect(sent.slice(-2)).toEqual(['clicked_download_app', 'downloadconnect']);
  });

  it('closes by button or Escape', () => {
    show('retry');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(sent.slice(-2)).toEqual(['connect_bar_removed', 'removeiframe']);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(sent.at(-1)).toBe('removeiframe');
  });

  it('opens the how-to at full size and Escape brings the bar back', () => {
    show('install');
    fireEvent.click(screen.getByRole('button', { name: 'Show me how' }));
    expect(screen.getByRole('dialog', { name: 'How to install Rapid' })).toBeTruthy();
    expect(sent).toContain('100%');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t('install.heading'));
  });
});

const HEADINGS: Record<DialogState, MessageKey> = {
  launching: 'launching.heading',
  download: 'download.heading',
  install: 'install.heading',
  update: 'update.heading',
  continue: 'continue.heading',
  retry: 'retry.heading',
  extension_install: 'extension.heading',
  unsupported_browser: 'unsupported.heading',
  running: 'running.heading',
};
