// External shares, by hand: `npm run bench:dam-share [recipients]`. Issue 27's two targets, in one run:
// - a share of 1,000 assets opens its first page of thumbnails (the share's answer, then the first 24 thumbnails six at
//   a time, as a browser fetches them) in at most 1 s;
// - N recipients (default 200) downloading one share's zip over HTTP at once get together at least 0.8× the throughput
//   one recipient gets alone in the same run, with no error and the share's download count exact.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ensureFolderRow } from '../../dam-app/server/folders/folder-queries.ts';
import { addBenchUser, benchSignIn, createBenchDam } from './lib/bench-dam.ts';
import { latencySummary } from './lib/percentiles.mjs';

const RECIPIENTS = Number(process.argv[2] ?? 200);
const SHARE_SIZE = 1000;
const FIRST_PAGE = 24;
const ZIP_FILES = 8;
const ZIP_FILE_BYTES = 1024 * 1024;

const dam = await createBenchDam('share');
try {
  const { db, origin, config } = dam;
  const { storage } = dam.runtime.services;
  await addBenchUser(db, { permissions: ['quickDownload', 'externalShare'] });

  // 1,000 pictures' rows, each with a thumbnail (one stored JPEG), and 8 files of 1 MiB for the zip.
  const thumbnail = await sharp({ create: { width: 256, height: 160, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();
  await storage.renditions.put('bench/thumbnail.jpg', thumbnail);
  const folderId = await ensureFolderRow(db, 'Library/Many');
  const asset = (path: string, size: number) => ({
    folder_id: folderId,
    path,
    name: path.slice(path.lastIndexOf('/') + 1),
    file_name: path.slice(path.lastIndexOf('/') + 1),
    description: '',
    file_type: 'JPG',
    mime_type: 'image/jpeg',
    kind: 'image',
    size,
    content_hash: path,
    keywords: [],
    date_created: new Date(),
    rendition_state: 'done',
  });
  const many = await db
    .insertInto('assets')
    .values(
      Array.from({ length: SHARE_SIZE }, (_, n) =>
        asset(`Library/Many/p${String(n).padStart(4, '0')}.jpg`, 50_000),
      ) as never,
    )
    .returning('id')
    .execute();
  await db
    .insertInto('renditions')
    .values(
      many.map((row) => ({
        asset_id: row.id,
        name: 'thumbnail',
        storage_key: 'bench/thumbnail.jpg',
        mime_type: 'image/jpeg',
        width: 256,
        height: 160,
        size: thumbnail.length,
        content_hash: 'bench',
      })),
    )
    .execute();
  await mkdir(join(config.storageRoot, 'Library/Many'), { recursive: true });
  const zipped = [];
  for (let n = 0; n < ZIP_FILES; n++) {
    const path = `Library/Many/z${n}.bin`;
    await writeFile(join(config.storageRoot, path), randomBytes(ZIP_FILE_BYTES));
    zipped.push(
      await db
        .insertInto('assets')
        .values(asset(path, ZIP_FILE_BYTES) as never)
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
  }

  await dam.listen();
  const base = `${origin}/api/v1`;
  const cookie = await benchSignIn(origin);
  const expiresOn = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const share = async (name: string, ids: number[]) => {
    const made = await fetch(`${base}/shares`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, cookie },
      body: JSON.stringify({ name, expiresOn, utcOffsetMinutes: 0, maxDownloads: null, from: { ids } }),
    });
    if (made.status !== 201) throw new Error(`share: ${made.status} ${await made.text()}`);
    const { link, share: row } = (await made.json()) as { link: string; share: { id: number } };
    return { id: row.id, token: link.slice(link.indexOf('#share=') + '#share='.length) };
  };

  // 1. The first page of a 1,000-asset share.
  const big = await share(
    'Thousand',
    many.map((row) => row.id),
  );
  const firstPage: number[] = [];
  for (let round = 0; round < 7; round++) {
    const started = performance.now();
    const page = (await (await fetch(`${base}/s/${big.token}`)).json()) as { items: { id: number }[] };
    if (page.items.length !== SHARE_SIZE) throw new Error(`the share shows ${page.items.length} items`);
    const queue = page.items.slice(0, FIRST_PAGE).map((item) => item.id);
    await Promise.all(
      Array.from({ length: 6 }, async () => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          const answer = await fetch(`${base}/s/${big.token}/items/${id}/thumbnail`);
          if (answer.status !== 200) throw new Error(`thumbnail ${id}: ${answer.status}`);
          await answer.arrayBuffer();
        }
      }),
    );
    if (round > 0) firstPage.push(performance.now() - started);
  }

  // 2. One recipient alone, then N at once, of one share's zip.
  const small = await share(
    'Zip',
    zipped.map((row) => row.id),
  );
  const grant = (
    (await (
      await fetch(`${base}/s/${small.token}/unlock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ accept: true }),
      })
    ).json()) as { grant: string }
  ).grant;
  const download = async () => {
    const answer = await fetch(`${base}/s/${small.token}/zip?grant=${encodeURIComponent(grant)}`);
    if (answer.status !== 200) throw new Error(`zip: ${answer.status}`);
    const length = Number(answer.headers.get('content-length'));
    let received = 0;
    for await (const chunk of answer.body as ReadableStream<Uint8Array>) received += chunk.byteLength;
    if (received !== length) throw new Error(`zip: ${received} of ${length} bytes`);
    return received;
  };
  await download(); // warm-up
  let started = performance.now();
  const aloneBytes = (await download()) + (await download()) + (await download());
  const aloneSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const results = await Promise.allSettled(Array.from({ length: RECIPIENTS }, download));
  const manySeconds = (performance.now() - started) / 1000;
  const errors = results.filter((result) => result.status === 'rejected');
  const manyBytes = results.reduce(
    (sum, result) => sum + (result.status === 'fulfilled' ? result.value : 0),
    0,
  );
  const { download_count } = await db
    .selectFrom('external_shares')
    .select('download_count')
    .where('id', '=', small.id)
    .executeTakeFirstOrThrow();
  const expected = 4 + RECIPIENTS - errors.length;

  const mib = (bytes: number, seconds: number) => bytes / 1024 ** 2 / seconds;
  const alone = mib(aloneBytes, aloneSeconds);
  const together = mib(manyBytes, manySeconds);
  console.log(
    `\nExternal shares (load average before the run's end: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')})\n`,
  );
  console.log(
    `first page of a ${SHARE_SIZE}-asset share (its answer + ${FIRST_PAGE} thumbnails, 6 at a time), 6 rounds: ${latencySummary(firstPage, [0.5, 1])} (target ≤ 1000 ms)`,
  );
  console.log('\n| zip of the share | recipients | MiB | s | MiB/s |');
  console.log('| --- | --- | --- | --- | --- |');
  console.log(
    `| one alone (3 in a row) | 1 | ${(aloneBytes / 1024 ** 2).toFixed(0)} | ${aloneSeconds.toFixed(2)} | ${alone.toFixed(0)} |`,
  );
  console.log(
    `| all at once | ${RECIPIENTS} | ${(manyBytes / 1024 ** 2).toFixed(0)} | ${manySeconds.toFixed(2)} | ${together.toFixed(0)} |`,
  );
  console.log(`\ntogether / alone: ${(together / alone).toFixed(2)}× (target ≥ 0.8×)`);
  console.log(
    `errors: ${errors.length}${errors.length ? ` (first: ${String((errors[0] as PromiseRejectedResult).reason)})` : ''}`,
  );
  console.log(
    `download count ${download_count}, expected ${expected}: ${download_count === expected ? 'exact' : 'WRONG'}`,
  );
} finally {
  await dam.close();
}
