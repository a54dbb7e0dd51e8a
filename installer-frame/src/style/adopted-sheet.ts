import createCache, { type EmotionCache } from '@emotion/cache';

interface SheetOptions {
  key: string;
  nonce?: string;
  container: Node;
  speedy?: boolean;
}

/**
 * Emotion's sheet contract (`insert`, `flush`, `hydrate`, `tags`, and a constructor `Global` reuses), written into
 * constructable stylesheets adopted by the document instead of `<style>` elements. A strict
 * Content-Security-Policy without 'unsafe-inline' blocks `<style>` elements, but not adopted sheets, so the frame
 * renders under `style-src 'self'`.
 */
export class AdoptedSheet {
  static #main: CSSStyleSheet | undefined;
  readonly key: string;
  readonly nonce: string | undefined;
  readonly container: Node;
  readonly isSpeedy = true;
  /** Always empty: no elements exist. `Global` reads it to place its own sheet. */
  readonly tags: HTMLStyleElement[] = [];
  before: Element | null = null;
  readonly #sheet = new CSSStyleSheet();

  constructor(options: SheetOptions) {
    this.key = options.key;
    this.nonce = options.nonce;
    this.container = options.container;
    const adopted = document.adoptedStyleSheets;
    const main = AdoptedSheet.#main;
    // The cache's own sheet is created first; `Global` sheets go before it, in creation order, as emotion orders them.
    const at = main ? adopted.indexOf(main) : -1;
    document.adoptedStyleSheets =
      at < 0 ? [...adopted, this.#sheet] : [...adopted.slice(0, at), this.#sheet, ...adopted.slice(at)];
    AdoptedSheet.#main ??= this.#sheet;
  }

  insert(rule: string): void {
    try {
      this.#sheet.insertRule(rule, this.#sheet.cssRules.length);
    } catch {
      // Rules for other engines (e.g. -moz- pseudo-elements in Chromium) are invalid here; emotion skips them too.
    }
  }

  flush(): void {
    this.#sheet.replaceSync('');
  }

  hydrate(_nodes: HTMLStyleElement[]): void {}
}

/** The emotion cache Chakra renders through, backed by {@link AdoptedSheet}. */
export function createAdoptedCache(key: string): EmotionCache {
  const cache = createCache({ key, container: document.head, speedy: true });
  cache.sheet = new AdoptedSheet({ key, container: document.head }) as unknown as EmotionCache['sheet'];
  return cache;
}
