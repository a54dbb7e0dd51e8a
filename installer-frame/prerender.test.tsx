import { describe, expect, it } from 'vitest';
import { renderFirstPaint, withFirstPaint } from './prerender.tsx';
import { DIALOGS } from './src/dialogs/dialog-spec.ts';
import { LANGUAGES } from './src/i18n/pick-language.ts';
import { translator } from './src/i18n/translate.ts';
import { DIALOG_STATES } from './src/messages/parent-message.ts';

describe('the banner pages’ first paint', () => {
  const { css, banners } = renderFirstPaint('carbon');

  it('renders every dialog in every language, with its heading', () => {
    expect(Object.keys(banners)).toHaveLength(DIALOG_STATES.length * LANGUAGES.length);
    for (const dialog of DIALOG_STATES)
      for (const language of LANGUAGES) {
        const heading = translator(language)(DIALOGS[dialog].heading);
        const escaped = heading.replaceAll('&', '&amp;').replaceAll("'", '&#x27;').replaceAll('"', '&quot;');
        expect(banners[`${dialog}.${language}`]).toContain(`<h1 id="rapid-heading"`);
        expect(banners[`${dialog}.${language}`]).toContain(`>${escaped}</h1>`);
      }
  });

  it('has a rule for every class the banners use, and no <style> element or style attribute (the CSP blocks both)', () => {
    const html = Object.values(banners).join('');
    const classes = new Set(
      [...html.matchAll(/class="([^"]*)"/g)].flatMap(([, list = '']) =>
        list.split(' ').filter((name) => name.startsWith('rapid-')),
      ),
    );
    expect(classes.size).toBeGreaterThan(5);
    for (const name of classes) expect(css).toContain(`.${name}`);
    expect(css).toContain('@layer reset'); // Chakra's global CSS, which the page's own stylesheet now carries
    expect(html).not.toMatch(/<style|\sstyle=/);
  });

  it('gives each style its own colours', () => {
    expect(css).toContain('#0f62fe');
    expect(renderFirstPaint('blue').css).toContain('#0b4f9c');
  });

  it('loads the stylesheet in <head> and leaves running the bundle to the first-paint script', () => {
    const page =
      '<html><head><title>t</title>\n<script type="module" crossorigin src="../assets/a.js"></script>\n<script type="module" crossorigin src="../assets/b.js"></script>\n</head><body><div id="root"></div></body></html>';
    const built = withFirstPaint(page, { css: 'f.css', js: 'f.js' });
    expect(built).not.toContain('<script type="module"');
    expect(built).toMatch(
      /<title>t<\/title>\s*<link rel="stylesheet" href="\.\.\/assets\/f\.css">\s*<\/head>/,
    );
    expect(built).toContain(
      '<div id="root"></div>\n    <script async src="../assets/f.js" data-bundle="../assets/a.js ../assets/b.js"></script>',
    );
    expect(() =>
      withFirstPaint('<html><head></head><div id="root"></div></html>', { css: 'f', js: 'f' }),
    ).toThrow(/bundle/);
  });
});
