// The System status screen's cost on an idle server, by hand: `npm run bench:dam-status-idle [seconds] [assets]`.
// Starts a DAM (PGlite, a library of 20,000 asset rows by default, no transfers), then measures the server process's
// CPU (user + system, every thread, from /proc) over the same window twice: idle, and with one open status page —
// a separate process polling GET /admin/status as the screen does (STATUS_REFRESH_MS). The difference is what the
// live figures cost. Target: ≤ 1 % of a core at idle (issue 30).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { ensureFolderRow } from '../../dam-app/server/folders/folder-queries.ts';
import { ApiClient } from '../../dam-app/server/test-support/api-client.ts';
import { addBenchUser, BENCH_PASSWORD, BENCH_USER, createBenchDam } from './lib/bench-dam.ts';

/** The screen's refetch interval (web/src/screens/admin/status-section.tsx STATUS_REFRESH_MS; not imported: React). */
const STATUS_REFRESH_MS = 5_000;
const SECONDS = Number(process.argv[2] ?? 60);
const ASSETS = Number(process.argv[3] ?? 20_000);

/** This process's CPU (user + system, all threads) in seconds. */
const cpu = () => {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Percent of one core this process used over the window. */
const cpuOver = async (seconds: number) => {
  const before = cpu();
  const started = performance.now();
  await sleep(seconds * 1000);
  return ((cpu() - before) / ((performance.now() - started) / 1000)) * 100;
};

const dam = await createBenchDam('status');
try {
  const { db } = dam;
  await addBenchUser(db, { admin: true });
  const folderId = await ensureFolderRow(db, 'Library/Many');
  for (let from = 0; from < ASSETS; from += 1000)
    await db
      .insertInto('assets')
      .values(
        Array.from({ length: Math.min(1000, ASSETS - from) }, (_, n) => {
          const name = `a${from + n}.jpg`;
          return {
            folder_id: folderId,
            path: `Library/Many/${name}`,
            name,
            file_name: name,
            description: '',
            file_type: 'JPG',
            mime_type: 'image/jpeg',
            kind: 'image',
            size: 1_000_000 + n,
            content_hash: name,
            keywords: [],
            date_created: new Date(),
            rendition_state: 'done',
          };
        }) as never,
      )
      .execute();
  await dam.listen();
  const base = dam.origin;
  const client = new ApiClient(base);
  await client.login(BENCH_USER, BENCH_PASSWORD);
  const first = await client.get('/admin/status');
  if (first.status !== 200) throw new Error(`status answered ${first.status}`);
  // Let start-up work settle before the idle window.
  await sleep(5_000);
  const idle = await cpuOver(SECONDS);
  const poller = spawn(
    process.execPath,
    [
      '-e',
      `const poll = () => fetch(${JSON.stringify(`${base}/api/v1/admin/status`)}, { headers: { cookie: process.env.COOKIE, origin: ${JSON.stringify(base)} } }).then((r) => r.text()).then((t) => { if (!t.includes('uptimeSeconds')) { console.error(t); process.exit(1); } });
       poll(); setInterval(poll, ${STATUS_REFRESH_MS});`,
    ],
    { env: { ...process.env, COOKIE: client.cookie ?? '' }, stdio: 'inherit' },
  );
  await sleep(1_000);
  const polled = await cpuOver(SECONDS);
  poller.kill();
  console.log(
    `System status at idle, ${ASSETS} assets, PGlite, ${SECONDS} s windows, one page polling every ${STATUS_REFRESH_MS} ms; load average ${loadavg()
      .map((each) => each.toFixed(1))
      .join(' ')}:`,
  );
  console.log(`  server CPU idle:           ${idle.toFixed(2)} % of a core`);
  console.log(`  server CPU, page open:     ${polled.toFixed(2)} % of a core`);
  console.log(`  the live figures cost:     ${(polled - idle).toFixed(2)} % (target ≤ 1 %)`);
} finally {
  await dam.close();
}
