import { statfs } from 'node:fs/promises';
import { hostname } from 'node:os';
import { MESSAGES } from '../../api/messages.ts';
import type { SystemStatus } from '../../api/status.ts';
import type { Principal } from '../access/principal.ts';
import { scanCountsSince } from '../antivirus/antivirus-queries.ts';
import { ApiError, unauthorized } from '../api/api-error.ts';
import { DAM_VERSION } from '../health/health-service.ts';
import { labels } from '../metrics/metrics-registry.ts';
import type { DamServices } from '../services.ts';
import { NodeClient } from '../transfer-node/node-client.ts';
import { deleteServers, jobCounts, serverRows, storageUse } from './status-queries.ts';

const NODE_TIMEOUT_MS = 3_000;

/** R-SYSTEM-STATUS: what the System status screen polls. */
export async function systemStatus(services: DamServices): Promise<SystemStatus> {
  const [jobs, transfers, use, disk, scans, servers] = await Promise.all([
    jobCounts(services.db),
    Promise.all(services.nodes.map(async (node) => ({ node: node.url, running: await runningOn(node) }))),
    storageUse(services.db),
    statfs(services.config.storageRoot).catch(() => undefined),
    scanCountsSince(services.db, new Date(Date.now() - 86_400_000)),
    clusterServers(services),
  ]);
  const scanned = (result: string) => Number(scans.find((row) => row.result === result)?.count ?? 0);
  return {
    version: DAM_VERSION,
    startedAt: services.startedAt.toISOString(),
    uptimeSeconds: Math.round((Date.now() - services.startedAt.getTime()) / 1000),
    server: { host: hostname(), pid: process.pid },
    servers,
    jobs,
    transfers,
    storage: {
      ...use,
      freeBytes: disk ? disk.bavail * disk.bsize : null,
      totalBytes: disk ? disk.blocks * disk.bsize : null,
    },
    scans: { clean: scanned('clean'), infected: scanned('infected'), unscanned: scanned('unscanned') },
  };
}

/** The servers of the database whose process lives (its owner lock is held); a stopped one's row goes. */
function clusterServers(services: DamServices): Promise<SystemStatus['servers']> {
  return services.db.transaction().execute(async (trx) => {
    const alive: SystemStatus['servers'] = [];
    const gone: number[] = [];
    for (const row of await serverRows(trx)) {
      if (await services.intentOwner.isDead(trx, row.owner)) gone.push(row.owner);
      else
        alive.push({
          host: row.host,
          pid: row.pid,
          url: row.url,
          startedAt: new Date(row.started_at).toISOString(),
          current: row.owner === services.intentOwner.id,
        });
    }
    await deleteServers(trx, gone);
    return alive;
  });
}

/** The node's own count of its active transfers; null when it does not answer in time. */
async function runningOn(node: DamServices['nodes'][number]): Promise<number | null> {
  const client = new NodeClient(node);
  try {
    const answer = await client.call(
      'GET',
      '/ops/transfers?active_only=true&count=1000',
      undefined,
      NODE_TIMEOUT_MS,
    );
    return answer.status === 200 && Array.isArray(answer.body) ? answer.body.length : null;
  } catch {
    return null;
  } finally {
    client.close();
  }
}

/**
 * `/metrics`: this server's counters, then what is the same for every server, read from the database now (jobs by
 * kind and state, antivirus verdicts). Only administrators, unless DAM_METRICS=public.
 */
export async function metricsText(
  services: DamServices,
  principal: Principal | undefined,
): Promise<Response> {
  if (services.config.metrics === 'admin') {
    if (!principal) throw unauthorized();
    if (!principal.user.is_admin) throw new ApiError(403, 'not_administrator', MESSAGES.notAdministrator);
  }
  const [jobs, scans] = await Promise.all([
    jobCounts(services.db),
    scanCountsSince(services.db, new Date(0)),
  ]);
  const lines = [
    '# HELP dam_jobs Jobs in the queue by kind and state.',
    '# TYPE dam_jobs gauge',
    ...jobs.flatMap((row) =>
      (['queued', 'running', 'failed'] as const).map(
        (state) => `dam_jobs{${labels({ kind: row.kind, state })}} ${row[state]}`,
      ),
    ),
    '# HELP dam_upload_scans_total Antivirus verdicts on uploads.',
    '# TYPE dam_upload_scans_total counter',
    ...scans.map((row) => `dam_upload_scans_total{${labels({ result: row.result })}} ${row.count}`),
    '# HELP dam_uptime_seconds Seconds since this server started.',
    '# TYPE dam_uptime_seconds gauge',
    `dam_uptime_seconds ${Math.round((Date.now() - services.startedAt.getTime()) / 1000)}`,
  ];
  return new Response(`${services.metrics.render()}${lines.join('\n')}\n`, {
    headers: { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8' },
  });
}
