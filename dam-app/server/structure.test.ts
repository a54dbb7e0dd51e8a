import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from './api/routes.ts';

const SCRIPT = fileURLToPath(new URL('../../scripts/measure/dam-structure.mjs', import.meta.url));
const DAM_APP = fileURLToPath(new URL('..', import.meta.url));

/**
 * Server feature folders not yet built the one way (routes → service → queries, endpoints from api/contract/).
 * Convert one, then take it off this list: from then on this test keeps it converted. The goal is an empty list.
 */
const NOT_YET_CONVERTED: string[] = [
  // One folder a line, so conversions made side by side merge cleanly.
];

/**
 * Feature folders with files other than their `*-queries.ts` that still call the database. Move the queries out,
 * then take the folder off: from then on only its queries files touch the database. The goal is an empty list.
 */
const DATABASE_OUTSIDE_QUERIES: string[] = [
  'audit', // audit.ts writes the audit row every feature calls
  'search', // search-assets.ts builds the search's SQL together with its checks of the request
];

interface Measures {
  dbLinesInRoutes: Record<string, number>;
  dbLinesOutsideQueries: Record<string, number>;
  undeclaredRoutes: Record<string, number>;
  serverArrows: { from: string; to: string; why: string }[];
  webArrows: { from: string; to: string; why: string }[];
  retypedContractCalls: string[];
  contractPathCount: number;
}

const measure = (damApp: string): Measures =>
  JSON.parse(execFileSync(process.execPath, [SCRIPT, `--dam-app=${damApp}`, '--json'], { encoding: 'utf8' }));

describe('the DAM structure', () => {
  const measures = measure(DAM_APP);
  const converted = (folder: string) => !NOT_YET_CONVERTED.includes(folder);
  it('keeps the database out of the routes of every converted feature', () => {
    expect(Object.keys(measures.dbLinesInRoutes).filter(converted)).toEqual([]);
  });
  it('lets only the queries files of a feature touch the database', () => {
    expect(
      Object.keys(measures.dbLinesOutsideQueries).filter(
        (folder) => converted(folder) && !DATABASE_OUTSIDE_QUERIES.includes(folder),
      ),
    ).toEqual([]);
    expect(DATABASE_OUTSIDE_QUERIES.filter((folder) => !measures.dbLinesOutsideQueries[folder])).toEqual([]);
  });
  it('declares every route of a converted feature through the contract', () => {
    expect(Object.keys(measures.undeclaredRoutes).filter(converted)).toEqual([]);
  });
  it('has no import arrow running back up from a converted feature', () => {
    const fromConverted = measures.serverArrows.filter((arrow) => {
      const folder = arrow.from.split('/')[0] ?? '';
      return arrow.from.includes('/') && converted(folder) && arrow.why !== 'kernel imports feature';
    });
    expect(fromConverted).toEqual([]);
  });

  it('has no import arrow running back up inside the server: the app imports no tool (bench, demo, test support)', () => {
    expect(measures.serverArrows).toEqual([]);
  });

  it('has no import arrow running back up inside the web app', () => {
    expect(measures.webArrows).toEqual([]);
  });

  it('lets no web call retype the path of an endpoint the contract declares', () => {
    // The measure knows every path of the contract, or a retyped one would go unseen.
    const paths = new Set(API_ROUTES.map((route) => route.path.replace(/\{\w+\}/g, '{}')));
    expect(measures.contractPathCount).toBe(paths.size);
    expect(measures.retypedContractCalls).toEqual([]);
  });
  it('lists only folders that still need converting (take a converted one off the list)', () => {
    const stillWork = new Set([
      ...Object.keys(measures.dbLinesInRoutes),
      ...Object.keys(measures.undeclaredRoutes),
      ...measures.serverArrows.map((arrow) => arrow.from.split('/')[0] ?? ''),
    ]);
    expect(NOT_YET_CONVERTED.filter((folder) => !stillWork.has(folder))).toEqual([]);
  });
});

describe('the structure measure', () => {
  it('finds database calls in routes, arrows running back up, undeclared routes and retyped paths', () => {
    const root = mkdtempSync(join(tmpdir(), 'dam-structure-'));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    try {
      write(
        'server/carts/cart-routes.ts',
        "import { x } from '../orders/order-routes.ts';\nconst r = defineRoute({});\ndb.selectFrom('carts')\n  .execute();\n",
      );
      write('server/orders/order-routes.ts', "import { y } from '../app.ts';\n");
      write(
        'server/orders/order-service.ts',
        "await db.transaction().execute(async (trx) => {\n  await trx.deleteFrom('orders').execute();\n});\n",
      );
      write(
        'server/orders/order-queries.ts',
        "export const q = (db) => db.selectFrom('orders').execute();\n",
      );
      write('server/bench/seed.ts', "await db.insertInto('orders').execute();\n");
      write('server/db/pool.ts', "import { z } from '../carts/cart-service.ts';\n");
      write('server/app.ts', "import { y } from './orders/order-routes.ts';\n");
      write('api/contract/cart-endpoints.ts', "export const e = defineEndpoint({ path: '/carts/{id}' });\n");
      write(
        'web/src/screens/carts/cart-screen.tsx',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a web file that retypes a path
        "api.get(`/carts/${id}`, cartSchema);\nimport { r } from '../../app/routes.tsx';\n",
      );
      write('web/src/components/link.tsx', "import { r } from '../app/routes.tsx';\n");
      write('web/src/app/routes.tsx', "const s = () => import('../screens/carts/cart-screen.tsx');\n");
      write('web/src/test-support/draw-route.tsx', "import { r } from '../app/routes.tsx';\n");
      const found = measure(root);
      expect(found.dbLinesInRoutes).toEqual({ carts: 2 });
      // A transaction is not a query; queries files and tools beside the app are not counted.
      expect(found.dbLinesOutsideQueries).toEqual({ carts: 2, orders: 1 });
      expect(found.undeclaredRoutes).toEqual({ carts: 1 });
      expect(found.serverArrows.map((arrow) => `${arrow.from} -> ${arrow.to}`).sort()).toEqual([
        'carts/cart-routes.ts -> orders/order-routes.ts',
        'db/pool.ts -> carts/cart-service.ts',
        'orders/order-routes.ts -> app.ts',
      ]);
      expect(found.retypedContractCalls).toHaveLength(1);
      // Test support draws screens through the top's table: it is a tool beside the app, not a feature.
      expect(found.webArrows.map((arrow) => `${arrow.from} -> ${arrow.to}`).sort()).toEqual([
        'components/link.tsx -> app/routes.tsx',
        'screens/carts/cart-screen.tsx -> app/routes.tsx',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
