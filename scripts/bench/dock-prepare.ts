// Preparing a loading dock by hard links against by copies, by hand: `node scripts/bench/run.mjs dock-prepare [GiB]
// [files]`. Writes the given amount (default 10 GiB in 40 files) of real bytes under a storage root, then places them
// all in a dock folder beside them with the DAM's own placement (`placeFile`, hard links) and again with copies, in
// the same run, and prints both times. Target (issue 26): links ≤ 1 s for 10 GiB. Needs twice the size free on disk.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, open, rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { placeFile } from '../../dam-app/server/loading-dock/place-file.ts';

const GIB = Number(process.argv[2] ?? 10);
const FILES = Number(process.argv[3] ?? 40);
const total = Math.floor(GIB * 1024 ** 3);
const each = Math.floor(total / FILES);
const home = await mkdtemp(join(tmpdir(), 'rapid-bench-dock-'));
const originals = join(home, 'storage/Library/Shoot');
const disk = await statfs(tmpdir());
if (Number(disk.bavail) * Number(disk.bsize) < total * 2.1) {
  console.error(`needs ${((total * 2.1) / 1024 ** 3).toFixed(1)} GiB free in ${tmpdir()}`);
  process.exit(2);
}

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

try {
  await mkdir(originals, { recursive: true });
  // Real bytes (a 64 MiB random block over and over), so a copy moves data and not holes.
  const block = randomBytes(64 * 1024 * 1024);
  const writing = process.hrtime.bigint();
  for (let index = 0; index < FILES; index++) {
    const file = await open(join(originals, `clip-${index}.mov`), 'w');
    for (let written = 0; written < each; written += block.length)
      await file.write(block, 0, Math.min(block.length, each - written));
    await file.sync();
    await file.close();
  }
  console.log(
    `wrote ${FILES} files, ${(each * FILES) / 1024 ** 3} GiB in ${seconds(writing).toFixed(1)} s (setup)`,
  );

  const place = async (mode: 'link' | 'copy') => {
    const dock = join(home, `storage/LoadingDock/${mode}`);
    const start = process.hrtime.bigint();
    const how = new Set<string>();
    for (let index = 0; index < FILES; index++)
      how.add(await placeFile(join(originals, `clip-${index}.mov`), join(dock, `clip-${index}.mov`), mode));
    const took = seconds(start);
    await rm(dock, { recursive: true, force: true });
    return { took, how: [...how].join('+') };
  };

  const links = await place('link');
  const copies = await place('copy');
  const gib = (each * FILES) / 1024 ** 3;
  console.log(`dock of ${FILES} files, ${gib.toFixed(1)} GiB, same run:`);
  console.log(`  hard links: ${links.took.toFixed(3)} s (${links.how})`);
  console.log(
    `  copies:     ${copies.took.toFixed(1)} s (${copies.how}), ${(gib / copies.took).toFixed(2)} GiB/s`,
  );
  console.log(`  links are ${(copies.took / links.took).toFixed(0)}x faster; target links ≤ 1 s`);
} finally {
  await rm(home, { recursive: true, force: true });
}
