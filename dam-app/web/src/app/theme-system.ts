import { createSystem, defaultConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  COMPACT_FACTOR,
  THEME_FONTS,
  type ThemeColour,
  type ThemeDensity,
  type ThemeFont,
  type ThemeMode,
} from '../../../api/themes.ts';
import { damConfig } from './system.ts';

/** What a Chakra system is made from: a saved theme, or the one being edited. */
export interface ThemeLook {
  headingFont: ThemeFont;
  bodyFont: ThemeFont;
  density: ThemeDensity;
  light: Record<ThemeColour, string>;
  dark: Record<ThemeColour, string>;
}

/** The attribute <html> carries while a person's theme dresses the shell. */
export const SHELL_THEME_ATTRIBUTE = 'data-dam-theme';
const SHELL_ROOT = `html[${SHELL_THEME_ATTRIBUTE}]`;

/** The spacing (and the sizes on the same scale) compact density takes down: paddings, gaps, control heights. */
const SCALE = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16];

/**
 * R-THEMES: a theme as a Chakra system — the DAM's own config with the theme's colours on the semantic tokens every
 * screen uses (`bg`, `fg`, the teal palette the buttons and links take, the header's), its fonts and its density.
 * `mode` 'both' follows the colour mode (light, or `.dark` on <html>); one mode pins it (the manager's preview).
 * `scope` puts the tokens on that selector instead of the page's root, so a preview sits beside the page unchanged;
 * its element's `data-mode` (light or dark) then picks the mode of every other Chakra token, whatever the page's.
 */
export function themeSystem(look: ThemeLook, mode: ThemeMode | 'both', scope?: string): SystemContext {
  const value = (key: ThemeColour) =>
    mode === 'both'
      ? { value: { _light: look.light[key], _dark: look.dark[key] } }
      : { value: look[mode][key] };
  const scaled = Object.fromEntries(
    SCALE.map((step) => [step, { value: `${(step * 0.25 * COMPACT_FACTOR).toFixed(4)}rem` }]),
  );
  return createSystem(
    defaultConfig,
    damConfig,
    defineConfig({
      preflight: !scope,
      // A preview's mode is its own `data-mode`, not the page's: Chakra's light and dark tokens follow that attribute.
      ...(scope
        ? {
            cssVarsRoot: scope,
            conditions: { light: `${scope}[data-mode=light]`, dark: `${scope}[data-mode=dark]` },
            // The palette's variables are declared again here, where they take the preview's tokens: declared on
            // <html>, they would hold the page's.
            globalCss: { [scope]: { colorPalette: 'gray', bg: 'bg', color: 'fg', fontFamily: 'body' } },
          }
        : {
            // On <html> marked as themed: more specific than the DAM's own system's root, whichever is inserted last.
            cssVarsRoot: SHELL_ROOT,
            // Chakra writes a mode's tokens under the condition's selector as it stands (`&` is not the root).
            conditions: { light: `${SHELL_ROOT}:not(.dark)`, dark: `${SHELL_ROOT}.dark` },
          }),
      theme: {
        tokens: {
          fonts: {
            heading: { value: THEME_FONTS[look.headingFont] },
            body: { value: THEME_FONTS[look.bodyFont] },
          },
          ...(look.density === 'compact' ? { spacing: scaled, sizes: scaled } : {}),
        },
        semanticTokens: {
          colors: {
            bg: {
              DEFAULT: value('background'),
              panel: value('background'),
              subtle: value('surface'),
              muted: value('surface'),
            },
            fg: { DEFAULT: value('text'), muted: value('mutedText'), subtle: value('mutedText') },
            'dam.header': value('header'),
            'dam.headerFg': value('headerText'),
            'dam.panel': value('surface'),
            teal: {
              solid: value('brand'),
              contrast: value('brandText'),
              fg: value('link'),
              focusRing: value('brand'),
              subtle: value('surface'),
              muted: value('surface'),
            },
          },
        },
      },
    }),
  );
}
