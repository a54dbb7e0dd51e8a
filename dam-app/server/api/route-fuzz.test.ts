import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { type FuzzRoute, fuzzRoutes, type OpenApiDocument } from '../test-support/fuzz-cases.ts';
import { type DatabaseKind, startTestDam, TEST_PASSWORD, type TestDam } from '../test-support/test-dam.ts';

/**
 * Every JSON route of the OpenAPI document the server publishes, fuzzed as an administrator and as an end user:
 * input the database cannot hold or the code does not expect must get a 4xx, never a 500. The browser upload (tus,
 * `/uploads`) is not a JSON route and not in the document; huge bodies are the body limit's tests.
 */
const SEED = 2026_11_26;
interface Lane {
  who: 'admin' | 'user';
  /** Single-field changes per route, and whole random requests per route. */
  fieldCases: number;
  randomCases: number;
}
/**
 * Case budgets that keep the file near a minute on two cores: PGlite takes the most, the PostgreSQL run (stricter
 * about NUL and ranges) a sample. The cases grow with the routes (about 170 endpoints now), so the time limit is generous: under a
 * loaded CI machine a lane has taken over two minutes. Each lane draws its own cases (its own seed), so the end user meets other values.
 */
const PLANS: { kind: DatabaseKind; lanes: Lane[] }[] = [
  {
    kind: 'pglite',
    lanes: [
      { who: 'admin', fieldCases: 10, randomCases: 4 },
      { who: 'user', fieldCases: 6, randomCases: 3 },
    ],
  },
  {
    kind: 'postgres',
    lanes: [
      { who: 'admin', fieldCases: 4, randomCases: 2 },
      { who: 'user', fieldCases: 2, randomCases: 1 },
    ],
  },
];

interface ServerError {
  who: string;
  route: string;
  label: string;
  url: string;
  body: string | undefined;
  answer: unknown;
  logged: unknown[];
}

describe.each(PLANS)('generated route fuzz on $kind', ({ kind, lanes }) => {
  let dam: TestDam;
  let admin: ApiClient;
  let user: ApiClient;
  let document: OpenApiDocument;
  let ids: SeededIds;
  const logged: unknown[] = [];

  beforeAll(async () => {
    // The embedded transfer node lets the transfer routes reach their handlers (else they answer 503 no_node).
    dam = await startTestDam(kind, {
      DAM_EMBEDDED_NODE: 'true',
      DAM_NODE_API_PORT: '0',
      DAM_NODE_TRANSFER_PORT: '0',
    });
    const log = dam.services.log;
    // The router logs the cause of a 500, and a value only the database refused (the router's last line of
    // defence answers it with 400, but the schema should have): the report shows either beside its request.
    dam.services.log = {
      ...log,
      error: (event, fields) => logged.push({ event, ...fields }),
      warn: (event, fields) => {
        if (event === 'api.refused_by_database') logged.push({ event, ...fields });
      },
    };
    const victim = await dam.userClient('victim');
    admin = await aclUser(dam, 'fuzz-admin', '', undefined, { admin: true });
    user = await aclUser(dam, 'fuzz-user', 'Library');
    ids = await seed(dam, admin, user);
    await victim.delete('/session');
    document = (await (await fetch(`${dam.url}/api/v1/openapi.json`)).json()) as OpenApiDocument;
  }, 120_000);
  afterAll(() => dam.close());

  it('answers no input with a server error (500)', { timeout: 300_000 }, async ({ annotate }) => {
    const errors: ServerError[] = [];
    let cases = 0;
    let routeCount = 0;
    const spent = new Map<string, number>();
    const statuses = new Map<string, number>();
    for (const [index, lane] of lanes.entries()) {
      const [client, username] = lane.who === 'admin' ? [admin, 'fuzz-admin'] : [user, 'fuzz-user'];
      const who = lane.who;
      const routes: FuzzRoute[] = fuzzRoutes(document, {
        seed: SEED + index,
        fieldCases: lane.fieldCases,
        randomCases: lane.randomCases,
        pathValue: (path, name) => pathValue(ids, path, name),
      });
      routeCount = routes.length;
      for (const route of routes) {
        for (const fuzzCase of route.cases) {
          cases++;
          const before = logged.length;
          const started = performance.now();
          let answer = await send(client, route.method, fuzzCase.url, fuzzCase.body);
          // A case may sign the caller out (DELETE /session); sign in again and repeat it.
          if (answer.status === 401 && (await client.get('/session')).status === 401) {
            await client.login(username, TEST_PASSWORD);
            answer = await send(client, route.method, fuzzCase.url, fuzzCase.body);
          }
          const family = `${String(answer.status).slice(0, 1)}xx`;
          statuses.set(family, (statuses.get(family) ?? 0) + 1);
          const key = `${route.method} ${route.path}`;
          spent.set(key, (spent.get(key) ?? 0) + performance.now() - started);
          const refusedByDatabase = logged
            .slice(before)
            .some((entry) => (entry as { event: string }).event === 'api.refused_by_database');
          if (answer.status >= 500 || refusedByDatabase)
            errors.push({
              who,
              route: `${route.method} ${route.path}`,
              label: fuzzCase.label,
              url: fuzzCase.url.slice(0, 300),
              body: fuzzCase.body?.slice(0, 300),
              answer: answer.body,
              logged: logged.slice(before).map((entry) => String(JSON.stringify(entry)).slice(0, 600)),
            });
        }
      }
    }
    const summary = `${kind}: ${routeCount} routes, ${cases} cases, ${errors.length} server errors or values only the database refused`;
    await annotate(summary);
    await annotate(`answers: ${[...statuses].map(([family, count]) => `${family} ${count}`).join(', ')}`);
    const slowest = [...spent].sort((a, b) => b[1] - a[1]).slice(0, 5);
    await annotate(`slowest: ${slowest.map(([route, ms]) => `${route} ${Math.round(ms)} ms`).join(', ')}`);
    const byRoute = new Set(errors.map((error) => error.route));
    expect(errors, `${summary} on ${byRoute.size} routes:\n${JSON.stringify(errors, null, 1)}`).toEqual([]);
    // The usual values reach the handlers: some cases succeed (a fuzzer answered only 400 would prove little).
    expect(statuses.get('2xx') ?? 0).toBeGreaterThan(cases / 20);
  });
});

async function send(client: ApiClient, method: string, url: string, body: string | undefined) {
  try {
    return await client.request(method, url, body);
  } catch (error) {
    // The answer was not JSON although it said so, or the connection broke: both are server faults.
    return { status: 599, body: String(error), headers: new Headers() };
  }
}

interface SeededIds {
  assetId: number;
  folderId: number;
  collectionId: number;
  cartId: number;
  savedSearchId: number;
  groupId: number;
  aclId: number;
  victimId: number;
  invitationId: string;
  notificationId: string;
}

/** One of everything the routes address, in the end user's ACL root, so changed fields reach the handlers. */
async function seed(dam: TestDam, admin: ApiClient, user: ApiClient): Promise<SeededIds> {
  const storage = dam.services.config.storageRoot;
  await mkdir(join(storage, 'Library/Shoot'), { recursive: true });
  await mkdir(join(storage, 'Other'), { recursive: true });
  for (const name of ['a.txt', 'b.txt', 'c.txt'])
    await writeFile(join(storage, 'Library/Shoot', name), `fuzz ${name}\n`);
  const assets: number[] = [];
  for (const name of ['a.txt', 'b.txt', 'c.txt']) {
    const ingested = await admin.post('/assets/ingest', { path: `Library/Shoot/${name}` });
    assets.push(ingested.body.asset.id);
  }
  const root = (await user.get('/folders/tree')).body.root.id as number;
  const folderId = (await user.post('/folders', { parentId: root, name: 'Sub' })).body.id as number;
  const collectionId = (
    await admin.post('/collections', { name: 'Fuzz picks', public: true, modifiable: true })
  ).body.id as number;
  await admin.post(`/collections/${collectionId}/assets`, { ids: assets });
  const cartId = (await user.post('/carts', { name: 'Fuzz cart' })).body.id as number;
  await user.post(`/carts/${cartId}/assets`, { ids: assets });
  const savedSearchId = (await user.post('/saved-searches', { name: 'Fuzz', query: { q: 'fuzz' } })).body
    .id as number;
  const groupId = (await admin.post('/admin/groups', { name: 'Fuzz group' })).body.id as number;
  const aclId = (await admin.post('/admin/acls', { name: 'Victim ACL', rootPath: 'Other', permissions: [] }))
    .body.id as number;
  const victimId = (await admin.get('/admin/users')).body.find(
    (row: { username: string }) => row.username === 'victim',
  ).id as number;
  const invitationId = (await admin.post('/admin/invitations', { email: 'guest@dam.example' })).body
    .id as string;
  const dock = await user.post('/loading-dock', { ids: [assets[0]] });
  for (const [what, value] of Object.entries({ collectionId, cartId, savedSearchId, groupId, aclId }))
    expect(value, what).toBeTypeOf('number');
  return {
    assetId: assets[0] as number,
    folderId,
    collectionId,
    cartId,
    savedSearchId,
    groupId,
    aclId,
    victimId,
    invitationId,
    notificationId: String(dock.body.notificationId),
  };
}

/** The usual value of a path parameter: the seeded item the route addresses (never the fuzzing users). */
function pathValue(ids: SeededIds, path: string, name: string): string {
  if (name === 'number') return '1';
  if (name === 'name') return 'thumbnail';
  if (name === 'format') return 'png';
  if (name === 'notificationId') return ids.notificationId;
  if (name === 'file') return String(ids.assetId);
  const byPrefix: [string, number | string][] = [
    ['/assets/', ids.assetId],
    ['/folders/', ids.folderId],
    ['/collections/', ids.collectionId],
    ['/carts/', ids.cartId],
    ['/saved-searches/', ids.savedSearchId],
    ['/admin/users/', ids.victimId],
    ['/admin/groups/', ids.groupId],
    ['/admin/acls/', ids.aclId],
    ['/admin/invitations/', ids.invitationId],
    ['/invitations/', ids.invitationId],
  ];
  return String(byPrefix.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 1);
}
