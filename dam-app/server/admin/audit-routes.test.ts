import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';

interface Entry {
  id: number;
  at: string;
  actor: string | null;
  event: string;
  target: string | null;
  details: Record<string, unknown>;
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe.each(DATABASE_KINDS)('R-LOG-REPORTS: the activity log, filtered and exported on %s', (kind) => {
  let dam: TestDam;
  let admin: ApiClient;
  let carla: ApiClient;

  beforeAll(async () => {
    dam = await startTestDam(kind);
    admin = await dam.userClient('boss', { admin: true });
    carla = await aclUser(dam, 'carla', 'Library');
    await mkdir(join(dam.services.config.storageRoot, 'Library/In'), { recursive: true });
    await writeFile(join(dam.services.config.storageRoot, 'Library/In/a.bin'), randomBytes(4_321));
  });
  afterAll(() => dam.close());

  const list = async (query: string) => {
    const answer = await admin.get(`/admin/audit?${query}`);
    expect(answer.status).toBe(200);
    return answer.body as Entry[];
  };

  it('records each Standard Download with its bytes, once per download (a resumed range is not another)', async () => {
    const whole = await carla.get('/files/content?path=In/a.bin');
    expect(whole.status).toBe(200);
    const resumed = await carla.request('GET', '/files/content?path=In/a.bin', undefined, {
      range: 'bytes=100-',
    });
    expect(resumed.status).toBe(206);
    expect((await carla.get('/files/zip?path=In')).status).toBe(200);
    const downloads = await list('event=download');
    expect(downloads.map((entry) => [entry.actor, entry.target, entry.details.via])).toEqual([
      ['carla', 'Library/In', 'zip'],
      ['carla', 'Library/In/a.bin', 'http'],
    ]);
    expect(downloads[1]?.details.bytes).toBe(4_321);
    expect(downloads[0]?.details.bytes).toBeGreaterThan(4_321);
  });

  it('filters by person, event and day (a half-open UTC window of whole days)', async () => {
    const carlas = await list('user=carla&limit=500');
    expect(carlas.length).toBeGreaterThanOrEqual(3);
    expect(new Set(carlas.map((entry) => entry.actor))).toEqual(new Set(['carla']));
    expect((await list('user=nobody')).length).toBe(0);
    expect(
      (await list(`from=${today()}&to=${today()}&event=login`)).map((entry) => entry.actor).sort(),
    ).toEqual(['boss', 'carla']);
    expect(await list(`from=${daysAgo(3)}&to=${daysAgo(1)}`)).toEqual([]);
    const backwards = await admin.get(`/admin/audit?from=${today()}&to=${daysAgo(1)}`);
    expect(backwards.status).toBe(400);
  });

  it('exports the filtered log as CSV: quoted, with formula-like cells neutralised, every matching row', async () => {
    const { db } = dam.services;
    await db
      .insertInto('audit_log')
      .values({
        actor_id: null,
        event: 'acl_saved',
        target: '=HYPERLINK("http://evil.example","x"), line\nbreak',
        ip: '-1+1',
        details: JSON.stringify({ note: '@SUM(1)' }),
      })
      .execute();
    const answer = await admin.get(`/admin/audit/export?from=${today()}&to=${today()}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/csv');
    expect(answer.headers.get('content-disposition')).toContain('attachment');
    const csv = answer.body as string;
    const [header, ...lines] = csv.trimEnd().split('\r\n');
    expect(header).toBe('id,at,user,event,target,ip,details');
    expect(lines[0]).toContain(`"'=HYPERLINK(""http://evil.example"",""x""), line\nbreak"`);
    expect(lines[0]).toContain(",'-1+1,");
    expect(lines[0]).toContain(`"{""note"":""@SUM(1)""}"`);
    const all = await list(`from=${today()}&to=${today()}&limit=500`);
    // One line per entry; the target above holds a line break inside its quotes.
    expect(lines.length).toBe(all.length);
    const onlyCarla = await admin.get('/admin/audit/export?user=carla&event=download');
    expect((onlyCarla.body as string).trimEnd().split('\r\n')).toHaveLength(3);
  });

  it('is for administrators only', async () => {
    expect((await carla.get('/admin/audit/export')).status).toBe(403);
  });
});
