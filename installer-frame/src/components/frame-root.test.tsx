// @vitest-environment happy-dom
import createCache from '@emotion/cache';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderFirstPaint } from '../../prerender.tsx';
import { translator } from '../i18n/translate.ts';
import { INITIAL_STATE } from '../state/frame-state.ts';
import { createFrameStore } from '../state/frame-store.ts';
import { LOOKS } from '../theme/looks.ts';
import { FrameRoot } from './frame-root.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

/** The page as first-paint.js leaves it, then React hydrating it as main.tsx does; what React could not reuse. */
async function hydrate(markup: string, language: 'en' | 'fr') {
  vi.spyOn(window, 'postMessage').mockImplementation(() => {});
  const root = document.createElement('div');
  document.body.append(root);
  root.innerHTML = markup;
  const heading = root.querySelector('h1');
  const errors: unknown[] = [];
  const store = createFrameStore(new EventTarget() as unknown as Window, null, {
    ...INITIAL_STATE,
    dialog: 'download',
  });
  await act(async () => {
    hydrateRoot(
      root,
      <FrameRoot
        cache={createCache({ key: 'rapid' })}
        store={store}
        t={translator(language)}
        look={LOOKS.carbon}
      />,
      { onRecoverableError: (error) => errors.push(error) },
    );
  });
  return { errors, reused: root.querySelector('h1') === heading, root };
}

describe('the frame hydrates its first paint', () => {
  const { banners } = renderFirstPaint('carbon');

  it('reuses the built markup with no mismatch', async () => {
    const { errors, reused, root } = await hydrate(banners['download.en'] ?? '', 'en');
    expect(errors).toEqual([]);
    expect(reused).toBe(true);
    expect(root.querySelector('h1')?.textContent).toBe('Install Rapid to transfer large files');
  });

  it('notices markup that is not what the browser renders (the check above can fail)', async () => {
    const { errors } = await hydrate(banners['download.fr'] ?? '', 'en');
    expect(errors).not.toEqual([]);
  });
});
