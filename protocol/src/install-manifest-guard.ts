import type { InstallEntry, InstallLink, InstallManifest } from './install-manifest.ts';

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: Fields, keys: readonly string[]) =>
  keys.every((key) => typeof value[key] === 'string');
const optionalStrings = (value: Fields, keys: readonly string[]) =>
  keys.every((key) => value[key] === undefined || typeof value[key] === 'string');

/** Copies `keys` that are present (optional fields stay absent when absent), as zod's object output does. */
function pick<T>(value: Fields, keys: readonly string[]): T {
  const out: Fields = {};
  for (const key of keys) if (key in value) out[key] = value[key];
  return out as T;
}

const LINK_REQUIRED = ['title', 'type', 'href', 'rel'] as const;
const LINK_OPTIONAL = ['hreflang', 'hrefAbsolute'] as const;
const ENTRY_STRINGS = ['title', 'version', 'id', 'updated'] as const;

function readLink(raw: unknown): InstallLink | undefined {
  if (!isObject(raw) || !strings(raw, LINK_REQUIRED) || !optionalStrings(raw, LINK_OPTIONAL))
    return undefined;
  return pick(raw, [...LINK_REQUIRED, ...LINK_OPTIONAL]);
}

function readEntry(raw: unknown): InstallEntry | undefined {
  if (!isObject(raw) || !strings(raw, ENTRY_STRINGS)) return undefined;
  const { platform, navigator, links } = raw;
  if (!isObject(platform) || !strings(platform, ['os']) || !optionalStrings(platform, ['version']))
    return undefined;
  if (!isObject(navigator) || !strings(navigator, ['platform']) || !Array.isArray(links)) return undefined;
  const read = links.map(readLink);
  if (read.some((link) => link === undefined)) return undefined;
  return {
    ...pick<Omit<InstallEntry, 'platform' | 'navigator' | 'links'>>(raw, ENTRY_STRINGS),
    platform: pick(platform, ['os', 'version']),
    navigator: { platform: navigator.platform as string },
    links: read as InstallLink[],
  };
}

/**
 * `window.connectVersions` as the page reads it: the same acceptance as the `installManifest` schema, by hand so the
 * script-tag SDK does not carry zod. `install-manifest-guard.test.ts` holds the two to the same answers.
 */
export function readInstallManifest(raw: unknown): InstallManifest | undefined {
  if (!isObject(raw) || !optionalStrings(raw, ['title', 'updated']) || !Array.isArray(raw.entries))
    return undefined;
  const entries = raw.entries.map(readEntry);
  if (entries.some((entry) => entry === undefined)) return undefined;
  return {
    ...pick<Omit<InstallManifest, 'entries'>>(raw, ['title', 'updated']),
    entries: entries as InstallEntry[],
  };
}
