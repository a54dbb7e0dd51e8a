import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  citeRules,
  citesSpec,
  filesToRewrite,
  fixRulePaths,
  MAPPED_IDS,
  RELEASED_MIGRATION,
} from '../scripts/measure/cite-rules.mjs';

const DAM_APP = fileURLToPath(new URL('.', import.meta.url));
const REPO = join(DAM_APP, '..');
const RULE_ID = /\bR-[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\b/g;

interface Rule {
  id: string;
  where: { path: string; names: string[] }[];
}

/** The rows of RULES.md's tables: `| R-ID | rule | `file` `name`, …; `file` `name` |`. */
function readRules(): Rule[] {
  const rules: Rule[] = [];
  for (const line of readFileSync(join(DAM_APP, 'RULES.md'), 'utf8').split('\n')) {
    const row = /^\| (R-[A-Z0-9-]+) \| .* \| (.*) \|$/.exec(line);
    if (!row?.[1] || row[2] === undefined) continue;
    const where = row[2].split(';').map((part) => {
      const [path = '', ...names] = [...part.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
      return { path, names };
    });
    rules.push({ id: row[1], where });
  }
  return rules;
}

const rules = readRules();
const ids = new Set(rules.map((rule) => rule.id));

describe('the rules map (dam-app/RULES.md)', () => {
  it('gives every rule a unique id and a place in the code', () => {
    expect(rules.length).toBeGreaterThan(50);
    expect(ids.size).toBe(rules.length);
    for (const rule of rules) expect(rule.where.length, rule.id).toBeGreaterThan(0);
  });

  it('names files that exist and hold the names it gives', () => {
    const wrong: string[] = [];
    for (const rule of rules) {
      for (const { path, names } of rule.where) {
        const file = join(DAM_APP, path);
        if (!path || !existsSync(file)) {
          wrong.push(`${rule.id}: ${path || '(no file)'} does not exist`);
          continue;
        }
        const text = readFileSync(file, 'utf8');
        for (const name of names) {
          if (!new RegExp(`\\b${name.replace(/[$]/g, '\\$')}\\b`).test(text)) {
            wrong.push(`${rule.id}: ${path} has no ${name}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('has every id the citation codemod writes', () => {
    expect(MAPPED_IDS.filter((id) => !ids.has(id))).toEqual([]);
  });
});

describe('citations in the DAM sources', () => {
  const sources = filesToRewrite(REPO).map((file) => ({
    file: relative(REPO, file),
    text: readFileSync(file, 'utf8'),
  }));

  it('cite rule ids, not sections of a document outside the repository', () => {
    const outside = sources.flatMap(({ file, text }) =>
      text
        .split('\n')
        .map((line, index) => ({ line, index }))
        .filter(({ line }) => citesSpec(line))
        .map(({ line, index }) => `${file}:${index + 1}: ${line.trim()}`),
    );
    // `node scripts/measure/cite-rules.mjs` rewrites these.
    expect(outside).toEqual([]);
  });

  it('leave released migrations as they are, and check later ones', () => {
    expect(RELEASED_MIGRATION.test('/r/dam-app/server/db/migrations/0002-assets.ts')).toBe(true);
    expect(RELEASED_MIGRATION.test('/r/dam-app/server/db/migrations/0011-library-events.ts')).toBe(true);
    expect(RELEASED_MIGRATION.test('/r/dam-app/server/db/migrations/0012-next.ts')).toBe(false);
    expect(sources.some(({ file }) => file.endsWith('0002-assets.ts'))).toBe(false);
  });

  it('cite only ids that RULES.md has', () => {
    const unknown = sources.flatMap(({ file, text }) =>
      [...text.matchAll(RULE_ID)]
        .map((m) => m[0])
        .filter((id) => !ids.has(id))
        .map((id) => `${file}: ${id}`),
    );
    expect(unknown).toEqual([]);
  });
});

describe('the citation codemod (scripts/measure/cite-rules.mjs)', () => {
  // The section sign is written as an escape, so that the codemod and the check above leave these samples alone.
  const sample = [
    '/** Admin mode overrides permissions (spec \u00a76), not the ACL root. */',
    '// Spec \u00a74 step 8: the cookie joins the completed list.',
    '/** The drop popup (Spec \u00a79: 50 px from the cursor); see connect-protocol.md \u00a75 and reference/dam.md \u00a71. */',
    '// \u00a78 Licensing',
    '/** Something of spec \u00a71. */',
  ].join('\n');

  it('rewrites a citation to the ids its section and words give, and nothing of other documents', () => {
    const { text, changed, unmapped } = citeRules(sample);
    expect(text.split('\n')).toEqual([
      '/** Admin mode overrides permissions (R-ADMIN-MODE), not the ACL root. */',
      '// R-UPLOAD-SESSION-FINISH: the cookie joins the completed list.',
      '/** The drop popup (R-DROP-UPLOAD: 50 px from the cursor); see connect-protocol.md \u00a75 and reference/dam.md \u00a71. */',
      '// Licensing',
      '/** Something of spec \u00a71. */',
    ]);
    expect(changed).toBe(4);
    expect(unmapped).toEqual(['/** Something of spec \u00a71. */']);
  });

  it('changes nothing the second time', () => {
    const once = citeRules(sample).text;
    expect(citeRules(once)).toEqual({
      text: once,
      changed: 0,
      unmapped: ['/** Something of spec \u00a71. */'],
    });
  });
});

describe('pointing RULES.md at moved code (cite-rules.mjs --fix-rules-paths)', () => {
  it('moves an entry to the one file that now exports its names, and reports what it cannot place', () => {
    const root = mkdtempSync(join(tmpdir(), 'rules-map-'));
    try {
      const damApp = join(root, 'dam-app');
      mkdirSync(join(damApp, 'server', 'carts'), { recursive: true });
      writeFileSync(join(damApp, 'server', 'carts', 'cart-routes.ts'), 'export const cartRoutes = [];\n');
      writeFileSync(
        join(damApp, 'server', 'carts', 'cart-service.ts'),
        'export async function renameCart() {}\nexport const CART_MAX = 1;\n',
      );
      writeFileSync(
        join(damApp, 'RULES.md'),
        [
          '| R-A | moved | `server/carts/cart-routes.ts` `renameCart`, `CART_MAX` |',
          '| R-B | stays | `server/carts/cart-routes.ts` `cartRoutes` |',
          '| R-C | gone | `server/carts/cart-routes.ts` `deleteCart` |',
        ].join('\n'),
      );
      const { text, moved, lost } = fixRulePaths(damApp);
      expect(text.split('\n')).toEqual([
        '| R-A | moved | `server/carts/cart-service.ts` `renameCart`, `CART_MAX` |',
        '| R-B | stays | `server/carts/cart-routes.ts` `cartRoutes` |',
        '| R-C | gone | `server/carts/cart-routes.ts` `deleteCart` |',
      ]);
      expect(moved).toHaveLength(1);
      expect(lost).toEqual(['server/carts/cart-routes.ts deleteCart']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
