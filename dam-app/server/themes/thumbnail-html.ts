import {
  COMPACT_FACTOR,
  THEME_FONTS,
  THUMBNAIL_HEIGHT,
  THUMBNAIL_WIDTH,
  type ThemeMode,
  type ThemeValues,
} from '../../api/themes.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A small page of the theme's preview — header, a Places panel, a heading, text, a link, a table row, an asset card
 * and a brand button — sized 150x135, for the headless render of the thumbnail. Self-contained: no script, no request.
 */
export function thumbnailHtml(theme: ThemeValues, mode: ThemeMode = 'light'): string {
  const c = theme[mode];
  const unit = theme.density === 'compact' ? COMPACT_FACTOR : 1;
  const px = (value: number) => `${Math.round(value * unit)}px`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>
html,body{margin:0;width:${THUMBNAIL_WIDTH}px;height:${THUMBNAIL_HEIGHT}px;overflow:hidden;background:${c.background};color:${c.text};font:9px/1.3 ${THEME_FONTS[theme.bodyFont]}}
header{background:${c.header};color:${c.headerText};padding:${px(5)} ${px(7)};font:bold 10px ${THEME_FONTS[theme.headingFont]};white-space:nowrap;overflow:hidden}
main{display:flex;height:100%}
nav{background:${c.surface};color:${c.mutedText};width:34px;padding:${px(5)} 4px}
section{padding:${px(5)} ${px(6)};flex:1;min-width:0}
h1{font:bold 11px ${THEME_FONTS[theme.headingFont]};margin:0 0 ${px(3)}}
p{margin:0 0 ${px(3)};color:${c.mutedText}}a{color:${c.link}}
.card{background:${c.surface};display:flex;gap:4px;padding:${px(4)};margin-bottom:${px(4)}}
.card i{display:block;width:26px;height:20px;background:${c.mutedText}}
button{background:${c.brand};color:${c.brandText};border:0;border-radius:3px;padding:${px(3)} ${px(7)};font:inherit}
</style></head><body><header>${escapeHtml(theme.name)}</header><main><nav>Places</nav><section>
<h1>Library</h1><p>3 assets · <a href="#">Share</a></p><div class="card"><i></i><span>photo.jpg</span></div>
<button>Upload</button></section></main></body></html>`;
}
