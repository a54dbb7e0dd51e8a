// A classic ES5 script, so the oldest browsers run it: it shows "Browser not supported." (already in the page)
// when the app's module bundle cannot run here (no fetch, no ES modules, no ES2020 built-ins).
(() => {
  var ok =
    typeof window.fetch === 'function' &&
    typeof Promise !== 'undefined' &&
    typeof Promise.allSettled === 'function' &&
    typeof String.prototype.matchAll === 'function' &&
    typeof globalThis !== 'undefined' &&
    'noModule' in document.createElement('script');
  if (ok) return;
  window.__damUnsupported = true;
  document.addEventListener('DOMContentLoaded', () => {
    var note = document.getElementById('browser-not-supported');
    if (note) note.hidden = false;
  });
})();
