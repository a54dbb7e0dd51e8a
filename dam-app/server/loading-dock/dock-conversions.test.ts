import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../api/messages.ts';
import { ApiError } from '../api/api-error.ts';
import type { AssetConverter, ConvertedFile } from '../services.ts';
import { aclUser } from '../test-support/acl-fixture.ts';
import type { ApiClient } from '../test-support/api-client.ts';
import { eventually, sampleJpeg } from '../test-support/sample-media.ts';
import { DATABASE_KINDS, startTestDam, type TestDam } from '../test-support/test-dam.ts';
import { PLACE_ATTEMPTS } from './placement-job.ts';

const BROKEN_PRESET = 666;
/** Fails with a system error (a passing trouble: the disk, a signal) the first time, then converts. */
const FLAKY_PRESET = 667;
/** Fails with a system error every time. */
const DOWN_PRESET = 668;
const BROKEN_TEXT = 'pic.jpg could not be converted: the file is damaged.';

/**
 * A test double of the conversions service (the seam of issue 26): it "converts" by writing a small file into a cache
 * folder, once the test releases it, and fails for one preset with a per-file message.
 */
function fakeConversions(cache: string) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked: { versionId: number; presetId: number }[] = [];
  const systemError = () => Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' });
  const service: AssetConverter = {
    async ensureConverted(input): Promise<ConvertedFile> {
      asked.push(input);
      await gate;
      if (input.presetId === BROKEN_PRESET) throw new ApiError(422, 'conversion_failed', BROKEN_TEXT);
      const tries = asked.filter((each) => each.presetId === input.presetId).length;
      if (input.presetId === DOWN_PRESET || (input.presetId === FLAKY_PRESET && tries === 1))
        throw systemError();
      const path = join(cache, `${input.versionId}-${input.presetId}.jpg`);
      await mkdir(cache, { recursive: true });
      await writeFile(path, `converted ${input.versionId} by ${input.presetId}`);
      return { path, size: (await readFile(path)).length, mediaType: 'image/jpeg', fileName: 'pic.jpg' };
    },
  };
  return { service, release: () => release(), asked };
}

// R-DOCK-PLACE: a dock item with a preset holds the conversion's output; the dock is `converting` while it waits, and a
// conversion that fails marks its item failed with its own message while the rest stays downloadable.
describe.each(DATABASE_KINDS)('conversions in the loading dock on %s', (kind) => {
  let dam: TestDam;
  let carla: ApiClient;
  const ids: number[] = [];

  beforeAll(async () => {
    dam = await startTestDam(kind);
    carla = await aclUser(dam, 'carla', 'Library');
    for (const path of ['Library/A/pic.jpg', 'Library/B/pic.jpg', 'Library/C/pic.jpg']) {
      await sampleJpeg(join(dam.services.config.storageRoot, path));
      const asset = (await carla.post('/assets/ingest', { path })).body.asset;
      // No version row yet: the placement makes the first one, which the conversion is cached by.
      ids.push(asset.id);
    }
  });
  afterAll(() => dam.close());

  it('goes from converting to ready for download, with a failed conversion marked on its own file', async () => {
    const fake = fakeConversions(join(dam.home, 'conversions-cache'));
    dam.services.conversions = fake.service;
    const prepared = await carla.post('/loading-dock', {
      items: [
        { assetId: ids[0], presetId: 7 },
        { assetId: ids[1], presetId: BROKEN_PRESET },
        { assetId: ids[2], presetId: null },
      ],
    });
    expect(prepared.status).toBe(201);
    // A conversion's size is not known before: the original's size stands for it, and it needs space.
    expect(prepared.body.neededBytes).toBeGreaterThan(0);
    const { notificationId } = prepared.body;
    const converting = await eventually(async () => {
      const dock = (await carla.get(`/loading-dock/${notificationId}`)).body;
      return dock.state === 'converting' && dock;
    });
    expect(converting.files).toEqual([]);
    fake.release();
    const ready = await eventually(async () => {
      const dock = (await carla.get(`/loading-dock/${notificationId}`)).body;
      return dock.state === 'ready' && dock;
    });
    expect(fake.asked.map((each) => each.presetId)).toEqual([7, BROKEN_PRESET]);
    expect(ready.items.map((item: { state: string }) => item.state)).toEqual(['placed', 'failed', 'placed']);
    expect(ready.items[1].message).toBe(BROKEN_TEXT);
    // The converted file's size, not the original's, once converted; the failed file is not in the download.
    const converted = (await readFile(join(dam.services.config.storageRoot, ready.files[0]))).length;
    expect(ready.items[0].size).toBe(converted);
    expect(ready.totalSize).toBe(converted + ready.items[2].size);
    expect(ready.placedSize).toBe(ready.totalSize);
    const listedDock = (await carla.get('/loading-dock')).body.find(
      (dock: { notificationId: string }) => dock.notificationId === notificationId,
    );
    expect(listedDock.totalSize).toBe(ready.totalSize);
    expect(ready.files).toEqual([
      `LoadingDock/${notificationId}/pic.jpg`,
      `LoadingDock/${notificationId}/pic (3).jpg`,
    ]);
    expect(await readFile(join(dam.services.config.storageRoot, ready.files[0]), 'utf8')).toMatch(
      /^converted \d+ by 7$/,
    );
    const listed = (await carla.get(`/loading-dock-download?notificationId=${notificationId}`)).body;
    expect(listed.files.map((file: { destination: string }) => file.destination)).toEqual([
      'pic.jpg',
      'pic (3).jpg',
    ]);
  });

  it('tries a file again after a passing failure, and a few times only: then it says so and the rest stays downloadable', async () => {
    const fake = fakeConversions(join(dam.home, 'conversions-cache-2'));
    dam.services.conversions = fake.service;
    fake.release();
    const prepared = await carla.post('/loading-dock', {
      items: [
        { assetId: ids[0], presetId: FLAKY_PRESET },
        { assetId: ids[1], presetId: DOWN_PRESET },
        { assetId: ids[2], presetId: null },
      ],
    });
    const { notificationId } = prepared.body;
    const ready = await eventually(async () => {
      const dock = (await carla.get(`/loading-dock/${notificationId}`)).body;
      return dock.state === 'ready' && dock;
    });
    const byAsset = (id: number | undefined) =>
      ready.items.find((item: { assetId: number }) => item.assetId === id);
    expect(byAsset(ids[0]).state).toBe('placed');
    expect(byAsset(ids[1])).toMatchObject({ state: 'failed', message: MESSAGES.operationFailed });
    expect(byAsset(ids[2]).state).toBe('placed');
    const tries = (presetId: number) => fake.asked.filter((each) => each.presetId === presetId).length;
    expect(tries(FLAKY_PRESET)).toBe(2);
    expect(tries(DOWN_PRESET)).toBe(PLACE_ATTEMPTS);
  });
});
