import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SystemStatus } from '../../api/status.ts';
import damPackage from '../../package.json' with { type: 'json' };
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { tusDriver } from '../test-support/tus-test-driver.ts';

describe.each(DATABASE_KINDS)('R-SYSTEM-STATUS: system status and /metrics on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let carla: ApiClient;
  let adminKey: string;

  beforeAll(async () => {
    dam = await startTestDam(kind, {
      DAM_EMBEDDED_NODE: 'true',
      DAM_NODE_API_PORT: '0',
      DAM_NODE_TRANSFER_PORT: '0',
    });
    admin = await dam.userClient('boss', { admin: true });
    adminKey = (await admin.post('/api-keys', { name: 'prometheus' })).body.key;
    carla = await aclUser(dam, 'carla', 'Library');
    await mkdir(join(dam.services.config.storageRoot, 'Library/In'), { recursive: true });
  });
  afterAll(() => dam.close());

  const status = async () => {
    const answer = await admin.get('/admin/status');
    expect(answer.status).toBe(200);
    return answer.body as SystemStatus;
  };
  const scrape = async (init: RequestInit = {}, path = '/api/v1/metrics') => {
    const answer = await fetch(`${dam.url}${path}`, init);
    return { status: answer.status, text: await answer.text(), type: answer.headers.get('content-type') };
  };

  it('shows the version from package.json, the uptime, the nodes’ transfers and the storage in use', async () => {
    await writeFile(join(dam.services.config.storageRoot, 'Library/In/one.bin'), randomBytes(12_345));
    expect((await carla.post('/assets/ingest', { path: 'Library/In/one.bin' })).status).toBeLessThan(300);
    const now = await status();
    expect(now.version).toBe(damPackage.version);
    expect(now.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(now.server.pid).toBe(process.pid);
    expect(now.servers).toEqual([
      expect.objectContaining({
        pid: process.pid,
        url: `http://127.0.0.1:${new URL(dam.url).port}`,
        current: true,
      }),
    ]);
    expect(now.transfers).toEqual([{ node: dam.services.nodes[0]?.url, running: 0 }]);
    expect(now.storage).toMatchObject({ assets: 1, bytes: 12_345 });
    expect(now.storage.freeBytes).toBeGreaterThan(0);
  });

  it('lists the servers of the database that live: a stopped one leaves the list', async () => {
    await dam.services.db
      .insertInto('dam_servers')
      .values({ owner: 999_999, host: 'gone', pid: 1, url: 'http://10.0.0.9:8080' })
      .execute();
    const { servers } = await status();
    expect(servers.map((server) => server.host)).not.toContain('gone');
    expect(await dam.services.db.selectFrom('dam_servers').select('owner').execute()).toEqual([
      { owner: dam.services.intentOwner.id },
    ]);
  });

  it('counts the job queue by kind: waiting, running and failed', async () => {
    const { db } = dam.services;
    const later = new Date(Date.now() + 3_600_000);
    await db
      .insertInto('jobs')
      .values([
        { kind: 'test.waiting', payload: '{}', run_at: later },
        { kind: 'test.waiting', payload: '{}', run_at: later },
        { kind: 'test.broken', payload: '{}', run_at: new Date(), failed_at: new Date(), last_error: 'boom' },
        { kind: 'test.running', payload: '{}', run_at: new Date(), locked_until: later },
      ])
      .execute();
    const { jobs } = await status();
    expect(jobs.filter((row) => row.kind.startsWith('test.'))).toEqual([
      { kind: 'test.broken', queued: 0, running: 0, failed: 1 },
      { kind: 'test.running', queued: 0, running: 1, failed: 0 },
      { kind: 'test.waiting', queued: 2, running: 0, failed: 0 },
    ]);
  });

  it('serves Prometheus metrics to administrators: requests and latency per route, uploads, jobs', async () => {
    const data = randomBytes(10_000);
    const tus = tusDriver(dam.url, carla);
    const created = await tus.create(data.byteLength, { filename: 'up.bin', destPath: 'In' });
    expect((await tus.patch(created.location, 0, data)).status).toBe(204);
    await admin.get('/admin/status');
    const metrics = await scrape({ headers: { authorization: `Bearer ${adminKey}` } });
    expect(metrics.status).toBe(200);
    expect(metrics.type).toContain('text/plain; version=0.0.4');
    expect(metrics.text).toMatch(
      /^dam_http_requests_total\{method="GET",route="\/admin\/status",status="200"\} [1-9]/m,
    );
    expect(metrics.text).toMatch(
      /^dam_http_request_duration_seconds_bucket\{method="GET",route="\/admin\/status",le="\+Inf"\} [1-9]/m,
    );
    expect(metrics.text).toMatch(
      /^dam_http_requests_total\{method="POST",route="\/uploads",status="201"\} 1$/m,
    );
    expect(metrics.text).toMatch(/^dam_uploads_total\{via="http"\} 1$/m);
    expect(metrics.text).toMatch(/^dam_jobs\{kind="test.broken",state="failed"\} 1$/m);
    // Where Prometheus looks by default, the same answer.
    const root = await scrape({ headers: { authorization: `Bearer ${adminKey}` } }, '/metrics');
    expect(root.status).toBe(200);
    expect(root.text).toContain('dam_uptime_seconds');
  });

  it('keeps /metrics from anyone but an administrator unless DAM_METRICS=public', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape({}, '/metrics')).status).toBe(401);
    expect((await carla.get('/metrics')).status).toBe(403);
    expect((await carla.get('/admin/status')).status).toBe(403);
    dam.services.config.metrics = 'public';
    try {
      expect((await scrape({}, '/metrics')).status).toBe(200);
    } finally {
      dam.services.config.metrics = 'admin';
    }
  });
});
