#!/usr/bin/env node
// Rewrites citations of the DAM's product specification by section (`spec §6`, `§4 step 8`, `(spec §2, §5)`) in
// the DAM's sources into the ids of dam-app/RULES.md, which is in the repository; a reader who clones it does not
// have the specification. A citation's ids come from its section and the words around it (the table below), so the
// rewrite still works after code moves between files. Idempotent: rewritten text has no section sign left.
//
//   node scripts/measure/cite-rules.mjs           rewrite, print how many changed and what could not be mapped
//   node scripts/measure/cite-rules.mjs --check   change nothing; exit 1 when a citation is left
//   node scripts/measure/cite-rules.mjs --show    change nothing; print each citation, its ids and its line
//   node scripts/measure/cite-rules.mjs --fix-rules-paths   point RULES.md at the files that now hold its names
//
// Citations of other documents (`reference/dam.md §1`, `connect-protocol.md §5`) are not touched.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Released migrations are never edited, not even their comments (DEVELOPERS.md); later ones are checked. */
export const RELEASED_MIGRATION = /[\\/]server[\\/]db[\\/]migrations[\\/]00(?:0[1-9]|1[01])-[^\\/]*$/;

/** Where the DAM specification is cited: the DAM itself (but released migrations), its e2e suites and its bench. */
export function filesToRewrite(root = ROOT) {
  const files = [];
  /** @param {string} dir */
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|tsx|mjs|js)$/.test(entry.name) && !RELEASED_MIGRATION.test(path)) files.push(path);
    }
  };
  walk(join(root, 'dam-app'));
  for (const dir of ['test/e2e', 'scripts/bench']) {
    if (!existsSync(join(root, dir))) continue;
    for (const name of readdirSync(join(root, dir))) {
      if (/^dam-.*\.(ts|mjs)$/.test(name)) files.push(join(root, dir, name));
    }
  }
  return files;
}

/** The upload flow's steps (section 4) to the rule that holds each. */
/** @type {Record<number, string>} */
const UPLOAD_STEPS = {
  1: 'R-UPLOAD-SETUP',
  2: 'R-UPLOAD-SETUP',
  3: 'R-UPLOAD-SETUP',
  4: 'R-UPLOAD-FIND',
  5: 'R-UPLOAD-FIND',
  6: 'R-UPLOAD-SESSION-START',
  7: 'R-UPLOAD-FILE-FINISH',
  8: 'R-UPLOAD-SESSION-FINISH',
  9: 'R-UPLOAD-ERROR',
  10: 'R-UPLOAD-CANCELLED',
  11: 'R-UPLOAD-RESUME',
};

const TEXTS = [/spec(?:'s|’s)? texts?|a spec text/i, ['R-SPEC-TEXTS']];

/**
 * Section → [words around the citation, rule ids]: the first entry whose words occur on the citation's line or the
 * next one gives its ids; the last entry of a section may be a catch-all.
 */
/** @type {Record<number, Array<[RegExp, string[]]>>} */
export const SECTION_RULES = {
  2: [
    [/invitation|#CU/i, ['R-INVITE-LINK']],
    [/by username or by email/i, ['R-SCREEN-LABELS', 'R-LOGIN-NAME-OR-EMAIL']],
    [/bulk edit/i, ['R-SCREEN-LABELS', 'R-BULK-EDIT']],
    [/reload/i, ['R-RELOAD-WARNING']],
    [/Upload Options|current directory/i, ['R-UPLOAD-DIALOG']],
    [/progress dialog/i, ['R-UPLOAD-PROGRESS-DIALOG']],
    [/upload dialog|Choose File/i, ['R-UPLOAD-DIALOG']],
    [/Standard Download|download dialog/i, ['R-DOWNLOAD-DIALOG']],
    [/warning dialog|not running/i, ['R-WARNING-DIALOG']],
    [/mask/i, ['R-LOADING-MASK']],
    [/menu entries|badge|Quick Download|browse entries/i, ['R-TRANSFER-MENUS']],
    [/drag|dropped|drop target/i, ['R-DROP-UPLOAD']],
    [/./, ['R-SCREEN-LABELS']],
  ],
  3: [
    [/a bundle is/i, ['R-BUNDLE']],
    [/progress record/i, ['R-PROGRESS-RECORD']],
    [/node transfer data|node's transfer record/i, ['R-NODE-TRANSFER-DATA']],
    [/platform settings/i, ['R-SESSION-SETTINGS']],
    [/loading dock/i, ['R-DOCK-DOWNLOAD']],
    [/cookie/i, ['R-TRANSFER-COOKIE']],
    [/user field/i, ['R-USER-FIELDS']],
    [/collection|shared with/i, ['R-COLLECTION-FIELDS']],
    [/bundle/i, ['R-BUNDLE']],
    [/version/i, ['R-VERSION-FIELDS']],
    [/cart/i, ['R-CART-NAME']],
    [/asset|field/i, ['R-ASSET-FIELDS']],
  ],
  4: [
    [/check[- ]?in|checked out|check[- ]?out/i, ['R-CHECKOUT']],
    [/version/i, ['R-VERSION-FIELDS']],
    [/download flow/i, ['R-DOCK-DOWNLOAD', 'R-DOCK-CLEANUP']],
    [/leftover|cleaned/i, ['R-DOCK-CLEANUP']],
    [/drop on a tree|dir id/i, ['R-UPLOAD-TARGET']],
    [/no selected folder|standard directory|clears the state/i, ['R-UPLOAD-TARGET']],
    [/plugin status|client runs|running|menus|browse entries/i, ['R-CLIENT-STATUS-UI']],
  ],
  5: [
    TEXTS,
    [/texts by field/i, ['R-FIELD-MESSAGES']],
    [/password/i, ['R-PASSWORD-POLICY']],
    [/email/i, ['R-EMAIL-FORMAT']],
    [/file name/i, ['R-FILE-NAME']],
    [/folder name/i, ['R-FOLDER-NAME']],
    [/loading dock id|bulk \(cart\) download/i, ['R-BULK-DOWNLOAD-ID']],
    [/path translation|path is relative|path rule/i, ['R-TRANSFER-PATH']],
    [/quick download/i, ['R-UPLOAD-NEEDS-CLIENT']],
    [/cart|required and unique/i, ['R-CART-NAME']],
    [/child|its parent|onto itself|copy and move|destination|Move or Copy/i, ['R-COPY-MOVE-DESTINATION']],
    [/localStorage.*relative path|upload flow/i, ['R-ACL-RELATIVE-PATH', 'R-UPLOAD-GATE']],
    [/relative path|trailing slash|root of every transfer path/i, ['R-ACL-RELATIVE-PATH']],
    [/localStorage|local storage|uploads need it/i, ['R-UPLOAD-GATE']],
    [/warning/i, ['R-UPLOAD-NEEDS-CLIENT']],
    [/bulk edit/i, ['R-BULK-EDIT']],
    [/folder/i, ['R-FOLDER-NAME', 'R-COPY-MOVE-DESTINATION']],
    [/field|message/i, ['R-FIELD-MESSAGES']],
  ],
  6: [
    TEXTS,
    [
      /fileUpload.*download|download.*fileUpload|§6 gates|browse entries/i,
      ['R-DOWNLOAD-GATE', 'R-UPLOAD-GATE'],
    ],
    [/fileUpload|uploads allowed/i, ['R-UPLOAD-GATE']],
    [/admin mode/i, ['R-ADMIN-MODE']],
    [/nologin|built[- ]in|never deleted/i, ['R-SPECIAL-USERS']],
    [/ACL switcher/i, ['R-ACL-SWITCH', 'R-ACL-ROOT-MISSING']],
    [/without a usable ACL/i, ['R-ACL-SWITCH', 'R-ACL-ROOT-MISSING']],
    [/root path is missing|root folder|another ACL|acl_root_missing/i, ['R-ACL-ROOT-MISSING']],
    [/no ACL/i, ['R-ACL-SWITCH']],
    [/quickDownload|downloadHiRes|download/i, ['R-DOWNLOAD-GATE']],
    [/file actions|new assets|folder operations/i, ['R-FILE-ACTIONS']],
    [/global keywords/i, ['R-GLOBAL-KEYWORDS']],
    [/role/i, ['R-ROLES']],
    [/administrator/i, ['R-ADMIN-ONLY']],
    [/permission/i, ['R-PERMISSIONS']],
  ],
  7: [
    [/asperaconvertidtopath/i, ['R-ID-TO-PATH']],
    [/list_directory/i, ['R-LIST-DIRECTORY']],
    [/normalize_xmp/i, ['R-NORMALIZE-XMP']],
    [/chosen per transfer|at random/i, ['R-NODE-PICK']],
    [/GET \{node\}|ops\/transfers|reads the node/i, ['R-NODE-READ']],
    [/DAM calls/i, ['R-PRE-TRANSFER', 'R-NODE-CREDENTIALS', 'R-UPLOAD-ACTIONS', 'R-DOCK-DOWNLOAD']],
    [/credential/i, ['R-NODE-CREDENTIALS']],
    [/utils actions?|upload flow/i, ['R-UPLOAD-ACTIONS']],
    [/pre-transfer/i, ['R-PRE-TRANSFER']],
  ],
  8: [
    TEXTS,
    [/bundle/i, ['R-BUNDLE']],
    [/401|404/i, ['R-NODE-FAULTS']],
    [/misbehaves|polling lock|malformed/i, ['R-NODE-FAULTS']],
    [/only logs|"log"/i, ['R-TRANSFER-LOG']],
    [/blocking states/i, ['R-BLOCKING-STATES']],
    [/timed out|session_timeout/i, ['R-SESSION-TIMEOUT']],
    [/cannot connect|no answer/i, ['R-CONNECTION-LOST']],
    [/unsaved-changes/i, ['R-UNSAVED-CHANGES']],
    [/invitation|cannot be sent/i, ['R-INVITE-SEND-FAILED']],
    [/filename already exists|rename/i, ['R-ASSET-RENAME-CLASH']],
    [/in-use|in use/i, ['R-IN-USE']],
    [/unsupported sort/i, ['R-SORT-FIELD-REMOVED']],
    [/dock/i, ['R-DOCK-LIMITS']],
    [/message/i, ['R-SPEC-TEXTS']],
  ],
  9: [
    [/print/i, ['R-PRINT-OUTPUTS']],
    [/week|sunday|day 0/i, ['R-WEEK-STARTS-SUNDAY']],
    [/date|last N/i, ['R-DATE-OPTIONS']],
    [/aspect/i, ['R-ASPECT-RATIOS']],
    [/cart/i, ['R-CART-LIMIT']],
    [/folder name/i, ['R-FOLDER-NAME']],
    [/dialog is/i, ['R-DIALOG-SIZES']],
    [/mask/i, ['R-LOADING-MASK']],
    [/menu availability/i, ['R-CLIENT-STATUS-UI']],
    [/popup|cursor/i, ['R-DROP-UPLOAD']],
    [/leftover|cleaned/i, ['R-DOCK-CLEANUP']],
    [/prepared download|loading dock/i, ['R-DOCK-LIMITS']],
    [/oldest client|transfer integration limits|target rate|Mbit|kb\/s/i, ['R-TRANSFER-DEFAULTS']],
    [/timings/i, ['R-TRANSFER-TIMINGS']],
  ],
};

/** Every rule id the tables above can write (each must be in RULES.md). */
export const MAPPED_IDS = [
  ...new Set([
    ...Object.values(UPLOAD_STEPS),
    ...Object.values(SECTION_RULES).flatMap((entries) => entries.flatMap(([, ids]) => ids)),
    'R-SPEC-TEXTS',
    'R-UPLOAD-SETUP',
  ]),
];

/** What a catalogue's group heading (`// §8 Licensing`) says when it names nothing but its section. */
/** @type {Record<number, string>} */
const SECTION_TITLES = {
  2: 'Screens and surfaces',
  3: 'Records',
  4: 'Flows and states',
  5: 'Validation',
  6: 'Roles and permissions',
  7: 'Calls',
  8: 'Errors',
  9: 'Limits',
};

/** Sentences that cite several sections for one thing, said once. */
const PHRASES = [
  [
    /\(spec §8 says "log" for most node and set-up faults\)/g,
    '(R-TRANSFER-LOG: most node and set-up faults are only logged)',
  ],
  [
    /the upload flow, steps 1–3 and the rules of §5/g,
    'the upload flow: its set-up (R-UPLOAD-SETUP) and what it needs (R-ACL-RELATIVE-PATH, R-UPLOAD-GATE)',
  ],
  [/\(spec §9 leaves the value open\)/g, '(R-DOCK-LIMITS; the product gives no value, this one is ours)'],
  [
    /Spec §4 upload flow: steps 1–3 here \(signed spec, start, credentials\), steps 4–10 in one \{@link UploadMonitor\} per(\s*\*?\s*)upload, step 11 in \{@link resume\}/g,
    'The upload flow: R-UPLOAD-SETUP here (signed spec, start, credentials), R-UPLOAD-FIND to R-UPLOAD-CANCELLED in one {@link UploadMonitor} per$1upload, R-UPLOAD-RESUME in {@link resume}',
  ],
  [
    /The texts of spec §5 \(validation\), §6 \(roles\) and §8 \(errors\)/g,
    'The texts (R-SPEC-TEXTS) of validation, roles and errors',
  ],
  [
    /The texts of spec §5 \(names, copy and move\) and §8 \(([^)]*)\)/g,
    'The texts (R-SPEC-TEXTS) of names, copy and move, and of $1',
  ],
  [
    /The texts and labels of spec §2 "Surfaces of the accelerated transfer integration", §4 and §8 \(accelerated(\s*\*?\s*)transfer error handling\)/g,
    "The texts and labels (R-SPEC-TEXTS) of the transfer integration's surfaces, states and$1error handling",
  ],
];

const SECTION = String.raw`§(\d+)(?:'s|’s)?(?:(?:\s+upload flow:?)?\s+steps?\s+(\d+)(?:\s*[–-]\s*(\d+))?)?`;
/** One citation: `spec §6`, `Spec §4 step 8`, `§5/§6/§8`, `spec §2, §4, §6`; not one of another document (`x.md §5`). */
const CITATION = new RegExp(
  String.raw`(?<!\.md )(?:[Ss]pec(?:'s|’s)?\s+)?${SECTION}(?:(?:\s*,\s*|\s*\/\s*|\s+and\s+)${SECTION})*`,
  'g',
);
const ONE_SECTION = new RegExp(SECTION, 'g');
/** A catalogue's group heading: a line comment that starts with the section. */
const HEADING = /^([ \t]*\/\/ )§(\d+)(?: (.*))?$/gm;

/** True when text still cites the DAM specification by section (for the check). */
export const citesSpec = (/** @type {string} */ text) => new RegExp(CITATION.source).test(text);

/**
 * @param {number} section
 * @param {number | undefined} stepFrom
 * @param {number | undefined} stepTo
 * @param {string} context
 * @returns {string[] | undefined}
 */
function idsFor(section, stepFrom, stepTo, context) {
  if (section === 4 && stepFrom) {
    const ids = [];
    for (let step = stepFrom; step <= (stepTo ?? stepFrom); step++) ids.push(UPLOAD_STEPS[step]);
    return ids.every(Boolean) ? ids : undefined;
  }
  for (const [words, ids] of SECTION_RULES[section] ?? []) if (words.test(context)) return ids;
  return undefined;
}

const lineAround = (text, index) => {
  const start = text.lastIndexOf('\n', index - 1) + 1;
  const firstEnd = text.indexOf('\n', index);
  const secondEnd = firstEnd < 0 ? -1 : text.indexOf('\n', firstEnd + 1);
  return text.slice(start, secondEnd < 0 ? (firstEnd < 0 ? text.length : undefined) : secondEnd);
};

/**
 * One file's text with its citations rewritten: `{ text, changed, unmapped }`; `changed` counts citations and
 * headings rewritten, `unmapped` lists citations left as they were (no rule found for their words).
 */
export function citeRules(source, show = () => {}) {
  let changed = 0;
  const unmapped = [];
  let text = source;
  for (const [pattern, replacement] of PHRASES) {
    text = text.replace(pattern, (...args) => {
      changed++;
      return args[0].replace(new RegExp(pattern.source), replacement);
    });
  }
  text = text.replace(HEADING, (_all, lead, section, rest) => {
    changed++;
    const step = section === '4' ? / step (\d+)$/.exec(rest ?? '') : null;
    if (step?.[1] && rest) return `${lead}${rest.slice(0, step.index)} (${UPLOAD_STEPS[step[1]]})`;
    return `${lead}${rest ?? SECTION_TITLES[section]}`;
  });
  text = text.replace(CITATION, (match, ...rest) => {
    const index = rest.at(-2);
    const context = lineAround(text, index);
    const ids = [];
    for (const [, section, from, to] of match.matchAll(ONE_SECTION)) {
      const found = idsFor(Number(section), from && Number(from), to && Number(to), context);
      if (!found) {
        unmapped.push(context.split('\n')[0].trim());
        return match;
      }
      for (const id of found) if (!ids.includes(id)) ids.push(id);
    }
    changed++;
    show(match, ids.join(', '), context.split('\n')[0].trim());
    return ids.join(', ');
  });
  return { text, changed, unmapped };
}

const holds = (text, name) => new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(text);
const declares = (text, name) =>
  new RegExp(
    `export\\s+(?:async\\s+)?(?:function\\*?|const|let|class|interface|type)\\s+${name.replace(/\$/g, '\\$')}\\b`,
  ).test(text);

/**
 * RULES.md with each file that no longer holds the names given beside it replaced by the one source file of
 * `damApp` that exports them all (code moved, say from `*-routes.ts` to `*-service.ts`): `{ text, moved, lost }`.
 * `lost` lists entries no single file explains; those need a person.
 */
export function fixRulePaths(damApp) {
  const rulesFile = join(damApp, 'RULES.md');
  const sources = filesToRewrite(join(damApp, '..'))
    .filter((file) => file.startsWith(damApp) && !/\.test\.tsx?$/.test(file))
    .map((file) => ({ path: relative(damApp, file), text: readFileSync(file, 'utf8') }));
  const byPath = new Map(sources.map((source) => [source.path, source.text]));
  const moved = [];
  const lost = [];
  const text = readFileSync(rulesFile, 'utf8').replace(
    /`([^`\s]+\.tsx?)`((?:,? `[^`]+`)+)/g,
    (all, path, list) => {
      const names = [...list.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
      const current = byPath.get(path);
      if (current !== undefined && names.every((name) => holds(current, name))) return all;
      const found = sources.filter((source) => names.every((name) => declares(source.text, name)));
      if (found.length !== 1) {
        lost.push(`${path} ${names.join(', ')}`);
        return all;
      }
      moved.push(`${path} → ${found[0].path} (${names.join(', ')})`);
      return `\`${found[0].path}\`${list}`;
    },
  );
  return { text, moved, lost };
}

function main(args) {
  if (args.includes('--fix-rules-paths')) {
    const damApp = join(ROOT, 'dam-app');
    const { text, moved, lost } = fixRulePaths(damApp);
    writeFileSync(join(damApp, 'RULES.md'), text);
    console.log(`RULES.md: ${moved.length} file(s) updated`);
    for (const line of moved) console.log(`  ${line}`);
    if (lost.length > 0) console.log(`not found in exactly one file (fix by hand):\n  ${lost.join('\n  ')}`);
    return;
  }
  const check = args.includes('--check') || args.includes('--show');
  const show = args.includes('--show')
    ? (from, to, line) => console.log(`${from} → ${to}\n    ${line}`)
    : undefined;
  let changed = 0;
  let files = 0;
  const unmapped = [];
  for (const file of filesToRewrite()) {
    const source = readFileSync(file, 'utf8');
    const result = citeRules(source, show);
    for (const line of result.unmapped) unmapped.push(`${relative(ROOT, file)}: ${line}`);
    if (result.text === source) continue;
    changed += result.changed;
    files++;
    if (!check) writeFileSync(file, result.text);
  }
  console.log(`${check ? 'would rewrite' : 'rewrote'} ${changed} citation(s) in ${files} file(s)`);
  if (unmapped.length > 0) {
    console.log(`${unmapped.length} citation(s) not mapped to a rule (left as they are):`);
    for (const line of unmapped) console.log(`  ${line}`);
  }
  if (check && changed + unmapped.length > 0) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
