import { z } from 'zod';
import { dbId, dbString } from './db-safe.ts';
import { MESSAGES } from './messages.ts';
import { contrastRatio, logoSchema, MIN_CONTRAST, WORKSPACE_TEXTS } from './workspaces.ts';

/**
 * R-THEMES: a theme is a named set of Chakra tokens — colours for a light and a dark mode, heading and body fonts from
 * a fixed list of stacks every browser renders without a download (each ends on a generic family), a density, a logo
 * — and a 150x135 PNG thumbnail.
 */
export const THEME_FONTS = {
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif',
  humanist: '"Segoe UI", Candara, "Trebuchet MS", "Noto Sans", "DejaVu Sans", sans-serif',
  serif: 'Georgia, Cambria, "Noto Serif", "DejaVu Serif", "Times New Roman", serif',
  mono: 'ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace',
} as const;
export type ThemeFont = keyof typeof THEME_FONTS;
export const THEME_FONT_KEYS = Object.keys(THEME_FONTS) as [ThemeFont, ...ThemeFont[]];

/** Comfortable is Chakra's own spacing; compact takes spaces and control sizes down by this factor. */
export const THEME_DENSITIES = ['comfortable', 'compact'] as const;
export type ThemeDensity = (typeof THEME_DENSITIES)[number];
export const COMPACT_FACTOR = 0.8;

export const THEME_MODES = ['light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

/** The colours of one mode: the page, its panels, its texts, the brand (solid buttons), links and the header. */
export const THEME_COLOURS = [
  'background',
  'surface',
  'text',
  'mutedText',
  'brand',
  'brandText',
  'link',
  'header',
  'headerText',
] as const;
export type ThemeColour = (typeof THEME_COLOURS)[number];
export type ThemeTokens = Record<ThemeColour, string>;

/** Each text and what it is read on: every pair must reach WCAG AA's 4.5:1 in both modes (R-THEMES). */
export const CONTRAST_PAIRS = [
  ['text', 'background'],
  ['text', 'surface'],
  ['mutedText', 'background'],
  ['mutedText', 'surface'],
  ['brandText', 'brand'],
  ['link', 'background'],
  ['link', 'surface'],
  ['headerText', 'header'],
] as const satisfies readonly (readonly [ThemeColour, ThemeColour])[];

/** The pairs of one mode that miss 4.5:1, with their ratio. */
export function failingPairs(tokens: ThemeTokens) {
  return CONTRAST_PAIRS.map(([text, on]) => ({
    text,
    on,
    ratio: contrastRatio(tokens[text], tokens[on]),
  })).filter((pair) => pair.ratio < MIN_CONTRAST);
}

export const THUMBNAIL_WIDTH = 150;
export const THUMBNAIL_HEIGHT = 135;
/** An uploaded thumbnail's bytes at most: a 150x135 PNG is far smaller. */
export const THUMBNAIL_MAX_BYTES = 256 * 1024;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A PNG's width and height from its signature and first chunk (IHDR), or null when it is not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24 || !PNG_SIGNATURE.every((byte, at) => bytes[at] === byte)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const base64Bytes = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
/** "A theme thumbnail must be a 150x135 PNG" (R-THEMES). */
export function isThemeThumbnail(base64: string): boolean {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0) return false;
  const size = pngSize(base64Bytes(base64.slice(0, 32)));
  return size?.width === THUMBNAIL_WIDTH && size.height === THUMBNAIL_HEIGHT;
}

const colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, WORKSPACE_TEXTS.colour)
  .transform((hex) => hex.toLowerCase());
const tokensSchema = z.strictObject(
  Object.fromEntries(THEME_COLOURS.map((key) => [key, colour])) as Record<ThemeColour, typeof colour>,
);

/** What an administrator saves: `logo` and `thumbnail` are base64 PNGs, null removes, left out keeps. */
export const saveThemeSchema = z
  .strictObject({
    name: dbString().trim().min(1, MESSAGES.requiredEmpty).max(100),
    headingFont: z.enum(THEME_FONT_KEYS),
    bodyFont: z.enum(THEME_FONT_KEYS),
    density: z.enum(THEME_DENSITIES),
    light: tokensSchema,
    dark: tokensSchema,
    logo: logoSchema,
    /** An uploaded thumbnail; without one the server draws it from the theme (null goes back to the drawn one). */
    thumbnail: z
      .string()
      .max(Math.ceil(THUMBNAIL_MAX_BYTES / 3) * 4 + 4, MESSAGES.themeThumbnail)
      .refine(isThemeThumbnail, MESSAGES.themeThumbnail)
      .nullable()
      .optional(),
  })
  .superRefine((value, context) => {
    for (const mode of THEME_MODES)
      for (const pair of failingPairs(value[mode]))
        context.addIssue({ code: 'custom', path: [mode, pair.text], message: MESSAGES.themeContrast });
  });
export type SaveTheme = z.input<typeof saveThemeSchema>;
export type ThemeValues = Omit<z.output<typeof saveThemeSchema>, 'logo' | 'thumbnail'>;

/** How the thumbnail was made: a headless Chromium render, drawn from the tokens (no Chromium), or uploaded. */
export const THUMBNAIL_SOURCES = ['rendered', 'drawn', 'uploaded'] as const;

export const themeSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    /** A theme the DAM ships (read-only), or null. */
    builtIn: z.string().nullable(),
    isDefault: z.boolean(),
    headingFont: z.enum(THEME_FONT_KEYS),
    bodyFont: z.enum(THEME_FONT_KEYS),
    density: z.enum(THEME_DENSITIES),
    light: z.record(z.enum(THEME_COLOURS), z.string()),
    dark: z.record(z.enum(THEME_COLOURS), z.string()),
    /** Changes with each save, so a cached logo or thumbnail is never shown; null without a logo. */
    version: z.string(),
    hasLogo: z.boolean(),
    thumbnailSource: z.enum(THUMBNAIL_SOURCES).nullable(),
  })
  .meta({ id: 'Theme' });
export type Theme = z.infer<typeof themeSchema>;

/** The signed-in person's theme (their workspace's, else the default), or null for the DAM's own look. */
export const myThemeSchema = z.object({ theme: themeSchema.omit({ isDefault: true }).nullable() });
export type MyTheme = z.infer<typeof myThemeSchema>;

/** The Theme organizer: the default theme, and each workspace's (null: the default). */
export const themeOrganizerSchema = z.object({
  defaultThemeId: z.number(),
  workspaces: z.array(z.object({ id: z.number(), name: z.string(), themeId: z.number().nullable() })),
});
export type ThemeOrganizer = z.infer<typeof themeOrganizerSchema>;
export const saveThemeOrganizerSchema = z.strictObject({
  defaultThemeId: dbId(),
  workspaces: z.array(z.strictObject({ id: dbId(), themeId: dbId().nullable() })).max(10_000),
});
export type SaveThemeOrganizer = z.input<typeof saveThemeOrganizerSchema>;

/** The themes the DAM ships, by key: `dam` is its own look (Chakra's with the teal accent), `harbour` a second one. */
export const BUILT_IN_THEMES: Record<string, ThemeValues> = {
  dam: {
    name: 'DAM',
    headingFont: 'system',
    bodyFont: 'system',
    density: 'comfortable',
    light: {
      background: '#ffffff',
      surface: '#fafafa',
      text: '#09090b',
      mutedText: '#52525b',
      brand: '#0f766e',
      brandText: '#ffffff',
      link: '#0f766e',
      header: '#115e59',
      headerText: '#ffffff',
    },
    dark: {
      background: '#09090b',
      surface: '#111111',
      text: '#fafafa',
      mutedText: '#a1a1aa',
      brand: '#0f766e',
      brandText: '#ffffff',
      link: '#5eead4',
      header: '#18181b',
      headerText: '#f4f4f5',
    },
  },
  harbour: {
    name: 'Harbour',
    headingFont: 'serif',
    bodyFont: 'humanist',
    density: 'compact',
    light: {
      background: '#fbfaf7',
      surface: '#f1efe8',
      text: '#1c1917',
      mutedText: '#57534e',
      brand: '#1e40af',
      brandText: '#ffffff',
      link: '#1d4ed8',
      header: '#172554',
      headerText: '#f8fafc',
    },
    dark: {
      background: '#0b1020',
      surface: '#131a2e',
      text: '#e2e8f0',
      mutedText: '#94a3b8',
      brand: '#93c5fd',
      brandText: '#0b1020',
      link: '#93c5fd',
      header: '#020617',
      headerText: '#e2e8f0',
    },
  },
};
