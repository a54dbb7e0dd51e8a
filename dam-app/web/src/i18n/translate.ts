import { ASSET_MESSAGES } from '../../../api/asset-messages.ts';
import { DISCUSSION_MESSAGES } from '../../../api/discussions.ts';
import { FIELD_MESSAGES, MESSAGES, METADATA_IO_MESSAGES, WORKFLOW_MESSAGES } from '../../../api/messages.ts';
import { REQUEST_MESSAGES } from '../../../api/requests.ts';
import { TIMELINE_TEXTS } from '../../../api/video-timeline.ts';
import { assetMessagesFr, WORKING_SET_NOTICES, workingSetNoticesFr } from './asset-messages-fr.ts';
import { discussionMessagesFr } from './discussion-messages-fr.ts';
import { FIELD_PLACEHOLDERS, fieldMessagesFr } from './field-messages-fr.ts';
import { en, type MessageKey, type Messages } from './messages-en.ts';
import { fr } from './messages-fr.ts';
import { METADATA_IO_PLACEHOLDERS, metadataIoMessagesFr } from './metadata-io-messages-fr.ts';
import { requestMessagesFr } from './request-messages-fr.ts';
import { serverMessagesFr } from './server-messages-fr.ts';
import { TIMELINE_PLACEHOLDERS, timelineMessagesFr } from './timeline-messages-fr.ts';
import { WORKFLOW_PLACEHOLDERS, workflowMessagesFr } from './workflow-messages-fr.ts';

export const CATALOGUES = { en, fr } as const satisfies Record<string, Messages>;
export type Language = keyof typeof CATALOGUES;
export const LANGUAGES = Object.keys(CATALOGUES) as Language[];

/** The first preferred language we translate, by primary subtag ('fr-CA' → fr); else English. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0] ?? '';
    if (primary in CATALOGUES) return primary as Language;
  }
  return 'en';
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * `{name}` is the value; `{name|one|other}` is the word for it in the language's plural rules ("1 asset",
 * "3 assets"; in French "0 ressource").
 */
function fill(template: string, values: Record<string, string | number>, plurals: Intl.PluralRules): string {
  return template
    .replace(/\{(\w+)\|([^|}]*)\|([^}]*)\}/g, (_, name: string, one: string, other: string) =>
      plurals.select(Number(values[name] ?? 0)) === 'one' ? one : other,
    )
    .replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

const PLURALS: Record<Language, Intl.PluralRules> = {
  en: new Intl.PluralRules('en'),
  fr: new Intl.PluralRules('fr'),
};

export function translator(language: Language): Translate {
  const catalogue: Messages = CATALOGUES[language];
  return (key, values = {}) => fill(catalogue[key], values, PLURALS[language]);
}

type AssetKey = keyof typeof ASSET_MESSAGES;
type BuiltAssetKey = {
  [K in AssetKey]: (typeof ASSET_MESSAGES)[K] extends (...values: never[]) => string ? K : never;
}[AssetKey];

/** One name per parameter of a built text. */
type NamesOf<F> = F extends (...values: infer P) => string ? { readonly [I in keyof P]: string } : never;

/** Placeholder names for the values of the asset texts the API builds, in the order of their parameters. */
export const ASSET_PLACEHOLDERS: { [K in BuiltAssetKey]: NamesOf<(typeof ASSET_MESSAGES)[K]> } = {
  loadingDockNoSpace: ['requested', 'free'],
  shareExpirationTooFar: ['days'],
};

/** A spec text's key: of `MESSAGES`, of `ASSET_MESSAGES`, or of the working-set notices. */
export type SpecKey =
  | keyof typeof MESSAGES
  | AssetKey
  | keyof typeof WORKING_SET_NOTICES
  | FieldKey
  | keyof typeof REQUEST_MESSAGES
  | WorkflowKey
  | keyof typeof DISCUSSION_MESSAGES
  | MetadataIoKey
  | TimelineKey;

type TimelineKey = keyof typeof TIMELINE_TEXTS;
function timelineTemplate(key: TimelineKey): string {
  const text = TIMELINE_TEXTS[key];
  if (typeof text === 'string') return text;
  const names: readonly string[] = TIMELINE_PLACEHOLDERS[key as keyof typeof TIMELINE_PLACEHOLDERS];
  return (text as (...values: string[]) => string)(...names.map((name) => `{${name}}`));
}

type FieldKey = keyof typeof FIELD_MESSAGES;
function fieldTemplate(key: FieldKey): string {
  const text = FIELD_MESSAGES[key];
  if (typeof text === 'string') return text;
  const names: readonly string[] = FIELD_PLACEHOLDERS[key as keyof typeof FIELD_PLACEHOLDERS];
  return (text as (...values: string[]) => string)(...names.map((name) => `{${name}}`));
}

type WorkflowKey = keyof typeof WORKFLOW_MESSAGES;
function workflowTemplate(key: WorkflowKey): string {
  const text = WORKFLOW_MESSAGES[key];
  if (typeof text === 'string') return text;
  const names: readonly string[] = WORKFLOW_PLACEHOLDERS[key as keyof typeof WORKFLOW_PLACEHOLDERS];
  return (text as (...values: string[]) => string)(...names.map((name) => `{${name}}`));
}

type MetadataIoKey = keyof typeof METADATA_IO_MESSAGES;
function metadataIoTemplate(key: MetadataIoKey): string {
  const text = METADATA_IO_MESSAGES[key];
  if (typeof text === 'string') return text;
  const names: readonly string[] = METADATA_IO_PLACEHOLDERS[key as keyof typeof METADATA_IO_PLACEHOLDERS];
  return (text as (...values: string[]) => string)(...names.map((name) => `{${name}}`));
}

function assetTemplate(key: AssetKey): string {
  const text = ASSET_MESSAGES[key];
  if (typeof text === 'string') return text;
  const names: readonly string[] = ASSET_PLACEHOLDERS[key as BuiltAssetKey];
  return (text as (...values: string[]) => string)(...names.map((name) => `{${name}}`));
}

/** Every spec text in each language, as a template: a built text has `{name}` where the API puts a value. */
export const SPEC_TEXTS: Record<Language, Record<SpecKey, string>> = {
  en: {
    ...MESSAGES,
    ...(Object.fromEntries(
      Object.keys(ASSET_MESSAGES).map((key) => [key, assetTemplate(key as AssetKey)]),
    ) as Record<AssetKey, string>),
    ...WORKING_SET_NOTICES,
    ...(Object.fromEntries(
      Object.keys(FIELD_MESSAGES).map((key) => [key, fieldTemplate(key as FieldKey)]),
    ) as Record<FieldKey, string>),
    ...REQUEST_MESSAGES,
    ...(Object.fromEntries(
      Object.keys(WORKFLOW_MESSAGES).map((key) => [key, workflowTemplate(key as WorkflowKey)]),
    ) as Record<WorkflowKey, string>),
    ...DISCUSSION_MESSAGES,
    ...(Object.fromEntries(
      Object.keys(METADATA_IO_MESSAGES).map((key) => [key, metadataIoTemplate(key as MetadataIoKey)]),
    ) as Record<MetadataIoKey, string>),
    ...(Object.fromEntries(
      Object.keys(TIMELINE_TEXTS).map((key) => [key, timelineTemplate(key as TimelineKey)]),
    ) as Record<TimelineKey, string>),
  },
  fr: {
    ...serverMessagesFr,
    ...assetMessagesFr,
    ...workingSetNoticesFr,
    ...fieldMessagesFr,
    ...requestMessagesFr,
    ...workflowMessagesFr,
    ...discussionMessagesFr,
    ...metadataIoMessagesFr,
    ...timelineMessagesFr,
  },
};

const EXACT_KEYS = new Map<string, SpecKey>();
const BUILT: { key: SpecKey; pattern: RegExp; names: string[] }[] = [];
for (const [key, template] of Object.entries(SPEC_TEXTS.en) as [SpecKey, string][]) {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
  if (names.length === 0) {
    EXACT_KEYS.set(template, key);
    continue;
  }
  const source = template
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('(.+?)');
  BUILT.push({ key, pattern: new RegExp(`^${source}$`), names });
}

/** A value the API put in a text, as the language writes it: sizes such as `1.5 GB` become `1,5 Go` in French. */
function localizeValue(value: string, language: Language): string {
  if (language !== 'fr') return value;
  // A known text inside a built one (a failed export's reason).
  const known = EXACT_KEYS.get(value);
  if (known) return SPEC_TEXTS[language][known];
  const size = /^(\d+)(?:\.(\d+))? (GB|MB)$/.exec(value);
  if (!size) return value;
  const [, whole, fraction, unit] = size;
  return `${whole}${fraction ? `,${fraction}` : ''}\u00a0${unit === 'GB' ? 'Go' : 'Mo'}`;
}

/**
 * A spec text as the server or the shared schemas give it (R-SPEC-TEXTS, asset and working-set texts), in the person's
 * language; a text built from values is recognised by its English template and its values kept. Texts outside the
 * spec's (a configured password rule, a developer's detail) stay as they are.
 */
export function localizeMessage(text: string, language: Language): string {
  if (language === 'en') return text;
  const key = EXACT_KEYS.get(text);
  if (key) return SPEC_TEXTS[language][key];
  for (const built of BUILT) {
    const match = built.pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(
      built.names.map((name, i) => [name, localizeValue(match[i + 1] ?? '', language)]),
    );
    return fill(SPEC_TEXTS[language][built.key], values, PLURALS[language]);
  }
  return text;
}

/** A spec text by its key, in the person's language, with the values of a built text. */
export function specText(
  key: SpecKey,
  language: Language,
  values: Record<string, string | number> = {},
): string {
  return fill(SPEC_TEXTS[language][key], values, PLURALS[language]);
}
