import { browserLanguage } from './i18n/pick-language.ts';
import { listenEarly } from './state/early-messages.ts';
import { firstDialog } from './state/first-dialog.ts';

/** `<dialog>.<language>` → the banner's HTML as the build rendered it (prerender.tsx defines it per style). */
declare const FIRST_PAINT: Record<string, string>;

// A classic script after #root, async so it runs as soon as it has loaded (not after the stylesheet, which still
// holds the first paint, so nothing shows unstyled). It puts the build's rendering of the dialog the
// URL names into #root, in the visitor's language, so the frame's first paint is the banner (its CSS is the page's
// first stylesheet). The bundle (`data-bundle`) is fetched and run only after that paint, since evaluating it
// takes the main thread for a while; until React has hydrated the banner, #root is inert, so no click is lost on a
// button that does not work yet. Messages the parent sends meanwhile are kept for the store.
listenEarly(window);
const script = document.currentScript as HTMLScriptElement | null;
const root = document.getElementById('root');
const dialog = firstDialog(location.hash);
const language = browserLanguage();
const html = dialog && FIRST_PAINT[`${dialog}.${language}`];
if (html && root) {
  document.documentElement.lang = language;
  root.inert = true;
  root.innerHTML = html;
}
const loadBundle = () => {
  for (const src of (script?.dataset.bundle ?? '').split(' ').filter(Boolean)) {
    const bundle = document.createElement('script');
    bundle.type = 'module';
    bundle.src = src;
    document.body.append(bundle);
  }
};
if (html) requestAnimationFrame(() => setTimeout(loadBundle));
else loadBundle();
