import type { UploadOptions } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '../../../api/asset-messages.ts';
import {
  type BrowserUploadProgress,
  type CreateTusUpload,
  uploadOverHttp,
  withProgress,
} from './browser-upload.ts';

/** A tus upload that records what it was asked to do; `previous` is what its resume lookup answers. */
function fakeTus(previous: () => Promise<unknown[]>) {
  const made: { options: UploadOptions; started: number; resumed: unknown[] }[] = [];
  const create: CreateTusUpload = (_file, options) => {
    const record = { options, started: 0, resumed: [] as unknown[] };
    made.push(record);
    return {
      findPreviousUploads: previous,
      resumeFromPreviousUpload: (earlier: never) => void record.resumed.push(earlier),
      start: () => void record.started++,
      abort: () => {},
    };
  };
  return { made, create };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the browser upload checks the file name before sending', () => {
  it.each([
    ['invoice\u202Egpj.exe', ASSET_MESSAGES.fileNameRule],
    ['ca\u200Bfe.txt', ASSET_MESSAGES.fileNameRule],
    ['.env', ASSET_MESSAGES.fileNameRule],
    [`${'é'.repeat(126)}.txt`, ASSET_MESSAGES.fileNameTooLong],
  ])('refuses %j with the rule’s text, sending nothing', (name, message) => {
    const seen: BrowserUploadProgress[] = [];
    const tus = fakeTus(async () => []);
    uploadOverHttp(new File(['x'], name), 'Drop', (progress) => seen.push(progress), undefined, tus.create);
    expect(seen).toEqual([
      { id: expect.any(String), name, sent: 0, total: 1, state: 'failed', error: message },
    ]);
    expect(tus.made).toHaveLength(0);
  });
});

describe('the browser upload progress rows', () => {
  it('keeps one row per upload, so two files of one name do not overwrite each other', async () => {
    const tus = fakeTus(async () => []);
    let rows: BrowserUploadProgress[] = [];
    const onProgress = (progress: BrowserUploadProgress) => {
      rows = withProgress(rows, progress);
    };
    const first = uploadOverHttp(new File(['aaaa'], 'same.txt'), 'Drop', onProgress, undefined, tus.create);
    const second = uploadOverHttp(new File(['bb'], 'same.txt'), 'Drop', onProgress, undefined, tus.create);
    expect(first.id).not.toBe(second.id);
    expect(rows.map((row) => [row.name, row.state])).toEqual([
      ['same.txt', 'uploading'],
      ['same.txt', 'uploading'],
    ]);
    tus.made[0]?.options.onProgress?.(2, 4);
    tus.made[1]?.options.onSuccess?.({ lastResponse: undefined as never });
    expect(rows.map((row) => [row.id, row.sent, row.total, row.state])).toEqual([
      [first.id, 2, 4, 'uploading'],
      [second.id, 2, 2, 'done'],
    ]);
  });

  it('starts from the first byte when the earlier uploads cannot be read, and resumes when they can', async () => {
    const broken = fakeTus(() => Promise.reject(new Error('localStorage is disabled')));
    const seen: BrowserUploadProgress[] = [];
    uploadOverHttp(new File(['x'], 'a.txt'), 'Drop', (p) => seen.push(p), undefined, broken.create);
    await settle();
    expect(broken.made[0]?.started).toBe(1);
    expect(seen.map((p) => p.state)).toEqual(['uploading']);

    const earlier = { uploadUrl: '/api/v1/uploads/abc' };
    const resumable = fakeTus(async () => [earlier]);
    uploadOverHttp(new File(['x'], 'b.txt'), 'Drop', () => {}, undefined, resumable.create);
    await settle();
    expect(resumable.made[0]?.resumed).toEqual([earlier]);
    expect(resumable.made[0]?.started).toBe(1);
  });

  it('reports a failure when the upload cannot start', async () => {
    const seen: BrowserUploadProgress[] = [];
    const failing: CreateTusUpload = () => ({
      findPreviousUploads: async () => [],
      resumeFromPreviousUpload: () => {},
      start: () => {
        throw new Error('no fetch');
      },
      abort: () => {},
    });
    uploadOverHttp(new File(['x'], 'c.txt'), 'Drop', (p) => seen.push(p), undefined, failing);
    await settle();
    expect(seen.map((p) => [p.state, p.error])).toEqual([
      ['uploading', undefined],
      ['failed', 'no fetch'],
    ]);
  });
});
