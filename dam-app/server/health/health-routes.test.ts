import { mkdir, mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HealthCheck, HealthKind } from '../../api/health.ts';
import { loadConfig } from '../config/config.ts';
import { MIGRATIONS } from '../db/migrations/index.ts';
import type { Database } from '../db/schema.ts';
import { silentLogger } from '../log.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { EICAR_SIGNATURE, type RunningClamd, startClamd } from '../test-support/clamd.ts';
import { DATABASE_KINDS, freePort, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { type EmbeddedNode, startEmbeddedNode } from '../transfer-node/embedded-node.ts';
import { CHECK_TIMEOUT_MS } from './check-result.ts';
import { healthChecks } from './health-service.ts';

// One real clamd for the file, on the signatures the project writes.
let clamd: RunningClamd;
beforeAll(async () => {
  clamd = await startClamd();
}, 40_000);
afterAll(() => clamd?.close());

describe.each(DATABASE_KINDS)('R-HEALTH-TESTS: the dashboard health tests on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let node: EmbeddedNode;
  let nodeHome: string;

  beforeAll(async () => {
    dam = await startTestDam(kind, { DAM_CLAMD: clamd.socket, DAM_CLAMAV_DATABASE: clamd.database });
    // A real transfer node of the site's, which the test can stop.
    nodeHome = await mkdtemp(join(tmpdir(), 'rapid-health-node-'));
    const nodeConfig = loadConfig({
      DAM_HOME: nodeHome,
      DAM_NODE_API_PORT: '0',
      DAM_NODE_TRANSFER_PORT: '0',
    });
    await mkdir(nodeConfig.storageRoot, { recursive: true });
    node = await startEmbeddedNode(nodeConfig, silentLogger);
    dam.services.nodes.push(node.endpoint);
    admin = await dam.userClient('boss', { admin: true });
  }, 40_000);
  afterAll(async () => {
    await node?.close();
    await dam?.close();
    await rm(nodeHome, { recursive: true, force: true });
  });

  const checks = async () => {
    const answer = await admin.get('/health');
    expect(answer.status).toBe(200);
    return answer.body as { ok: boolean; healthy: boolean; checks: HealthCheck[] };
  };
  const only = (all: HealthCheck[], kind: HealthKind) => all.filter((check) => check.kind === kind);

  it('tells anyone and a non-administrator only that the server answers', async () => {
    const anonymous = await dam.client().get('/health');
    expect(anonymous.status).toBe(200);
    expect(Object.keys(anonymous.body).sort()).toEqual(['database', 'ok', 'version']);
    const ellen = await dam.userClient('ellen');
    expect(Object.keys((await ellen.get('/health')).body).sort()).toEqual(['database', 'ok', 'version']);
  });

  it('shows every test green, with its figures, for an administrator', async () => {
    const report = await checks();
    expect(report.checks.filter((check) => check.status !== 'green')).toEqual([]);
    expect(report.healthy).toBe(true);
    const [database] = only(report.checks, 'database');
    expect(database?.facts.migrationsApplied).toBe(database?.facts.migrationsKnown);
    expect(database?.facts.roundTripMs).toBeTypeOf('number');
    if (kind === 'postgres') expect(database?.facts.poolSize).toBe(10);
    expect(only(report.checks, 'disk').map((check) => check.target)).toEqual([
      'storage',
      'dock',
      'renditions',
    ]);
    expect(only(report.checks, 'node_api')[0]).toMatchObject({ target: node.endpoint.url, status: 'green' });
    expect(only(report.checks, 'node_udp')[0]?.target).toBe(`127.0.0.1:${node.ports.udp}/udp`);
    expect(only(report.checks, 'smtp')[0]?.target).toBe(new URL(dam.mail.url).host);
    const [antivirus] = only(report.checks, 'antivirus');
    expect(antivirus?.facts.engine).toMatch(/^ClamAV \d/);
    expect(antivirus?.facts.detectedAs).toContain(EICAR_SIGNATURE);
    expect(antivirus?.facts.signatureAgeDays).toBeLessThan(1);
  });

  it('turns a disk red below its threshold', async () => {
    const before = dam.services.config.diskMinFreeBytes;
    dam.services.config.diskMinFreeBytes = Number.MAX_SAFE_INTEGER;
    try {
      const report = await checks();
      expect(only(report.checks, 'disk').map((check) => [check.status, check.reason])).toEqual([
        ['red', 'low_space'],
        ['red', 'low_space'],
        ['red', 'low_space'],
      ]);
      expect(report.healthy).toBe(false);
      expect(report.ok).toBe(true);
    } finally {
      dam.services.config.diskMinFreeBytes = before;
    }
  });

  it('turns the antivirus red when its signatures are old, and when clamd is stopped', async () => {
    const signatures = join(clamd.database, 'rapid-test.ndb');
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    await utimes(signatures, tenDaysAgo, tenDaysAgo);
    try {
      expect(only((await checks()).checks, 'antivirus')[0]).toMatchObject({
        status: 'red',
        reason: 'signatures_old',
      });
    } finally {
      await utimes(signatures, new Date(), new Date());
    }
    await clamd.stop();
    try {
      expect(only((await checks()).checks, 'antivirus')[0]).toMatchObject({
        status: 'red',
        reason: 'unreachable',
      });
    } finally {
      await clamd.start();
    }
    expect(only((await checks()).checks, 'antivirus')[0]?.status).toBe('green');
  });

  it('turns the database red when a migration is missing, naming it', async () => {
    const { db } = dam.services;
    const last = Object.keys(MIGRATIONS).at(-1) as string;
    await sql`delete from kysely_migration where name = ${last}`.execute(db);
    try {
      const report = await checks();
      expect(only(report.checks, 'database')[0]).toMatchObject({
        status: 'red',
        reason: 'migrations_behind',
        detail: `Not applied: ${last}.`,
      });
      expect(report.healthy).toBe(false);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${last}, ${new Date().toISOString()})`.execute(
        db,
      );
    }
    expect(only((await checks()).checks, 'database')[0]?.status).toBe('green');
  });

  it.runIf(kind === 'postgres')(
    'turns the database red at once when every pooled connection is taken and queries wait',
    async () => {
      const { db } = dam.services;
      const size = dam.services.databasePool?.().size ?? 0;
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      // Every connection held in an open transaction, and one more query waiting for one.
      const holders = Array.from({ length: size }, () =>
        db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          await released;
        }),
      );
      await expect.poll(() => dam.services.databasePool?.().inUse).toBe(size);
      const waiting = sql`select 1`.execute(db);
      try {
        await expect.poll(() => dam.services.databasePool?.().waiting).toBeGreaterThan(0);
        const started = performance.now();
        const [database] = only(await healthChecks(dam.services), 'database');
        expect(database).toMatchObject({ status: 'red', reason: 'pool_exhausted' });
        expect(database?.facts.poolInUse).toBe(size);
        // Told from the pool's own figures, not after waiting out the check's deadline for a connection.
        expect(performance.now() - started).toBeLessThan(CHECK_TIMEOUT_MS);
      } finally {
        release();
        await Promise.all([...holders, waiting]);
      }
    },
  );

  it.runIf(kind === 'postgres')('turns the database red when PostgreSQL does not answer', async () => {
    // The site's database URL with the port of a PostgreSQL that is stopped: every connection is refused.
    const stopped = new URL(dam.databaseUrl as string);
    stopped.port = String(await freePort());
    const pool = new pg.Pool({ connectionString: stopped.toString(), max: 2 });
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    try {
      const [database] = only(await healthChecks({ ...dam.services, db }), 'database');
      expect(database).toMatchObject({ status: 'red', reason: 'unreachable' });
      expect(database?.detail).toContain('ECONNREFUSED');
    } finally {
      await db.destroy();
    }
  });

  it('turns a stopped node’s API and UDP port red, and SMTP red once its server is gone', async () => {
    await node.close();
    await dam.mail.close();
    const report = await checks();
    expect(only(report.checks, 'node_api')[0]).toMatchObject({ status: 'red', reason: 'unreachable' });
    expect(only(report.checks, 'node_udp')[0]).toMatchObject({ status: 'red', reason: 'refused' });
    expect(only(report.checks, 'smtp')[0]).toMatchObject({ status: 'red', reason: 'unreachable' });
    expect(report.healthy).toBe(false);
  });
});

describe('R-HEALTH-TESTS: without clamd or SMTP configured', () => {
  let dam: TestDam;
  beforeAll(async () => {
    dam = await startTestDam('pglite', {}, { smtp: false });
  });
  afterAll(() => dam.close());

  it('shows the antivirus and SMTP as not configured, not as failures', async () => {
    const admin = await dam.userClient('boss', { admin: true });
    const report = (await admin.get('/health')).body as { healthy: boolean; checks: HealthCheck[] };
    expect(
      report.checks.filter((check) => check.status === 'off').map((check) => [check.kind, check.reason]),
    ).toEqual([
      ['smtp', 'not_configured'],
      ['antivirus', 'not_configured'],
    ]);
    expect(report.healthy).toBe(true);
  });
});
