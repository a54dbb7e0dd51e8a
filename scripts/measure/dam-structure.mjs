#!/usr/bin/env node
// Measures how far dam-app keeps its one layering and its one contract (see DEVELOPERS.md, "DAM: how a feature is
// built"): (a) lines in `*-routes.ts` files that call the database, and in any feature file but its `*-queries.ts`,
// (b) import arrows that run back up, (c) routes not declared through the contract, and web calls that retype a path
// by hand. `node scripts/measure/dam-structure.mjs`
// prints the numbers; `--json` prints everything; dam-app/server/structure.test.ts enforces them per feature.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bottom of the server: what every feature may import and that imports no feature. */
export const SERVER_KERNEL = ['access', 'api', 'config', 'db', 'intents', 'jobs', 'mail', 'storage'];
export const SERVER_KERNEL_FILES = ['log.ts', 'services.ts', 'special-users.ts', 'static-roots.ts'];
/** The top of the server: the route registry and the app's wiring, which may import everything. */
export const SERVER_TOP = [
  'app.ts',
  'main.ts',
  'serve-dam.ts',
  'index.ts',
  'start-server.ts',
  'create-services.ts',
  'api/routes.ts',
  'api/api-router.ts',
  'api/openapi-document.ts',
  'api/reference-page.ts',
  'api/health-route.ts',
];
/** Tools beside the app (benchmarks, the demo, test support): they may import anything; the app imports none. */
export const SERVER_TOOLS = ['bench', 'demo', 'test-support'];
export const WEB_KERNEL = ['api', 'app', 'components', 'kit', 'i18n', 'router', 'live', 'zod-jitless.ts'];
/** The web app's wiring: the screen table, the app and its entry (the rest of app/ is kernel: preferences, toasts). */
export const WEB_TOP = ['app/app.tsx', 'app/routes.tsx', 'main.tsx'];
/** Test support beside the web app: it draws screens through the top's table; the app imports none of it. */
export const WEB_TOOLS = ['test-support'];

const LAYER_RANK = { kernel: 0, feature: 1, top: 2, tools: 3 };
const DB_CALL = /selectFrom|insertInto|updateTable|deleteFrom|sql`|\.execute\(/;
const ROUTES_FILE = /-routes?\.ts$/;
const QUERIES_FILE = /-queries\.ts$/;
/** A transaction is not a query: it only groups the queries the queries files run. */
const TRANSACTION = /\.transaction\(\)\s*\.execute\(|\.execute\(\s*(async\b|\(?trx\)?\s*=>)/g;
const HAND_CALL = /\bapi\.(get|post|put|delete|request|postForBlob)\(\s*(?:'[A-Z]+',\s*)?(['"`])([^'"`]*)\2/g;

/** @param {string} dir @returns {string[]} every .ts/.tsx file below `dir`, relative to it, tests left out */
function sourceFiles(dir) {
  /** @type {string[]} */
  const found = [];
  const visit = (/** @type {string} */ at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const path = join(at, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (
        /\.tsx?$/.test(entry.name) &&
        !/\.test\.tsx?$/.test(entry.name) &&
        !entry.name.endsWith('.d.ts')
      )
        found.push(relative(dir, path));
    }
  };
  visit(dir);
  return found.sort();
}

/** @param {string} file relative to server/ @returns {{ layer: keyof typeof LAYER_RANK, feature: string }} */
export function serverLayer(file) {
  const top = file.split('/')[0] ?? '';
  if (SERVER_TOP.includes(file)) return { layer: 'top', feature: '' };
  if (SERVER_TOOLS.includes(top)) return { layer: 'tools', feature: top };
  if (SERVER_KERNEL.includes(top) || SERVER_KERNEL_FILES.includes(file))
    return { layer: 'kernel', feature: '' };
  return { layer: 'feature', feature: top };
}

/** @param {string} file relative to web/src/ @returns {{ layer: keyof typeof LAYER_RANK, feature: string }} */
export function webLayer(file) {
  const parts = file.split('/');
  const top = parts[0] ?? '';
  if (WEB_TOP.includes(file)) return { layer: 'top', feature: '' };
  if (WEB_TOOLS.includes(top)) return { layer: 'tools', feature: top };
  if (WEB_KERNEL.includes(top)) return { layer: 'kernel', feature: '' };
  return { layer: 'feature', feature: top === 'screens' ? `screens/${parts[1]}` : top };
}

/** @param {string} text @returns {string[]} the relative specifiers a file imports (static, re-exports, dynamic) */
function relativeImports(text) {
  const specifiers = [];
  for (const match of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g))
    specifiers.push(/** @type {string} */ (match[1]));
  return specifiers;
}

/**
 * @param {string} root the directory the layers are named in
 * @param {(file: string) => { layer: keyof typeof LAYER_RANK, feature: string }} layerOf
 */
function backArrows(root, layerOf) {
  /** @type {{ from: string, to: string, why: string }[]} */
  const arrows = [];
  for (const file of sourceFiles(root)) {
    const from = layerOf(file);
    for (const specifier of relativeImports(readFileSync(join(root, file), 'utf8'))) {
      const target = relative(root, resolve(root, dirname(file), specifier));
      if (target.startsWith('..')) continue; // outside: the shared api/ or another package
      const to = layerOf(target);
      if (LAYER_RANK[to.layer] > LAYER_RANK[from.layer])
        arrows.push({ from: file, to: target, why: `${from.layer} imports ${to.layer}` });
      else if (
        from.layer === 'feature' &&
        to.layer === 'feature' &&
        to.feature !== from.feature &&
        ROUTES_FILE.test(target)
      )
        arrows.push({ from: file, to: target, why: "imports another feature's routes" });
    }
  }
  return arrows;
}

/** @param {string} damApp the dam-app directory */
export function measureDamStructure(damApp) {
  const server = join(damApp, 'server');
  const web = join(damApp, 'web/src');
  const serverFiles = sourceFiles(server);

  /** @type {Record<string, number>} */
  const dbLinesInRoutes = {};
  /** @type {Record<string, number>} */
  const dbLinesOutsideQueries = {};
  /** @type {Record<string, number>} */
  const undeclaredRoutes = {};
  for (const file of serverFiles) {
    const text = readFileSync(join(server, file), 'utf8');
    const { layer, feature } = serverLayer(file);
    const folder = feature || (file.includes('/') ? (file.split('/')[0] ?? '') : '.');
    if (ROUTES_FILE.test(file)) {
      const lines = text.split('\n').filter((line) => DB_CALL.test(line)).length;
      if (lines) dbLinesInRoutes[folder] = (dbLinesInRoutes[folder] ?? 0) + lines;
    }
    if (layer === 'feature' && !QUERIES_FILE.test(file)) {
      const lines = text.split('\n').filter((line) => DB_CALL.test(line.replace(TRANSACTION, ''))).length;
      if (lines) dbLinesOutsideQueries[feature] = (dbLinesOutsideQueries[feature] ?? 0) + lines;
    }
    const routes = (text.match(/\bdefineRoute\(/g) ?? []).length - (file === 'api/define-route.ts' ? 1 : 0);
    if (routes > 0) undeclaredRoutes[folder] = (undeclaredRoutes[folder] ?? 0) + routes;
  }

  // Paths the contract declares, with every parameter as `{}`: a web call naming one by hand retypes it.
  const contractDir = join(damApp, 'api/contract');
  const contractPaths = new Set();
  for (const file of (existsSync(contractDir) ? readdirSync(contractDir) : []).filter((name) =>
    name.endsWith('-endpoints.ts'),
  ))
    for (const match of readFileSync(join(contractDir, file), 'utf8').matchAll(/\bpath:\s*'([^']+)'/g))
      contractPaths.add(String(match[1]).replace(/\{\w+\}/g, '{}'));
  // Most endpoints build their paths (a group's item and its sub-paths): the API surface file, generated from the
  // contract and kept by its test, lists every one.
  const surface = join(damApp, 'server/api/openapi-surface.txt');
  for (const line of existsSync(surface) ? readFileSync(surface, 'utf8').split('\n') : []) {
    const path = line.split(' ')[1];
    if (path) contractPaths.add(path.replace(/\{\w+\}/g, '{}'));
  }
  /** @type {Record<string, number>} */
  const handTypedWebCalls = {};
  /** @type {string[]} */
  const retypedContractCalls = [];
  for (const file of sourceFiles(web)) {
    const text = readFileSync(join(web, file), 'utf8');
    for (const match of text.matchAll(HAND_CALL)) {
      const { feature } = webLayer(file);
      const folder = feature || file.split('/')[0] || '.';
      handTypedWebCalls[folder] = (handTypedWebCalls[folder] ?? 0) + 1;
      const path = String(match[3])
        .replace(/\$\{[^}]*\}/g, '{}')
        .replace(/\?.*$/, '');
      if (contractPaths.has(path)) retypedContractCalls.push(`${file}: ${match[0]}`);
    }
  }

  const serverArrows = backArrows(server, serverLayer);
  const webArrows = backArrows(web, webLayer);
  const sum = (/** @type {Record<string, number>} */ counts) =>
    Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    dbLinesInRoutes,
    dbLinesInRoutesTotal: sum(dbLinesInRoutes),
    dbLinesOutsideQueries,
    dbLinesOutsideQueriesTotal: sum(dbLinesOutsideQueries),
    serverArrows,
    webArrows,
    undeclaredRoutes,
    undeclaredRoutesTotal: sum(undeclaredRoutes),
    handTypedWebCalls,
    handTypedWebCallsTotal: sum(handTypedWebCalls),
    retypedContractCalls,
    contractPathCount: contractPaths.size,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const damApp = resolve(
    process.argv.find((arg) => arg.startsWith('--dam-app='))?.slice(10) ??
      join(dirname(fileURLToPath(import.meta.url)), '../../dam-app'),
  );
  const m = measureDamStructure(damApp);
  if (process.argv.includes('--json')) console.log(JSON.stringify(m, null, 2));
  else {
    const list = (/** @type {Record<string, number>} */ counts) =>
      Object.entries(counts)
        .sort((a, b) => b[1] - a[1])
        .map(([folder, n]) => `${folder} ${n}`)
        .join(', ') || '-';
    console.log(
      `(a) lines in server *-routes.ts calling the database: ${m.dbLinesInRoutesTotal}  [${list(m.dbLinesInRoutes)}]`,
    );
    console.log(
      `    lines in other feature files but *-queries.ts calling the database: ${m.dbLinesOutsideQueriesTotal}  [${list(m.dbLinesOutsideQueries)}]`,
    );
    console.log(
      `(b) import arrows running back up: server ${m.serverArrows.length}, web ${m.webArrows.length}`,
    );
    for (const arrow of [
      ...m.serverArrows.map((a) => ({ ...a, side: 'server' })),
      ...m.webArrows.map((a) => ({ ...a, side: 'web/src' })),
    ])
      console.log(`      ${arrow.side}/${arrow.from} -> ${arrow.to}  (${arrow.why})`);
    console.log(
      `(c) server routes not declared through the contract (defineRoute): ${m.undeclaredRoutesTotal}  [${list(m.undeclaredRoutes)}]`,
    );
    console.log(
      `    web calls with a hand-typed path: ${m.handTypedWebCallsTotal}  [${list(m.handTypedWebCalls)}]`,
    );
    console.log(`    ...of which retype a path the contract declares: ${m.retypedContractCalls.length}`);
    for (const call of m.retypedContractCalls) console.log(`      ${call}`);
  }
}
