import { describe, expect, it, vi } from 'vitest';
import { JOB_PAYLOADS, jobHandlers, type TypedJobHandlers } from './job-payloads.ts';

const handlers = (): TypedJobHandlers => ({
  'mail.send': vi.fn(async () => {}),
  'asset.renditions': vi.fn(async () => {}),
  'loading-dock.cleanup': vi.fn(async () => {}),
  'loading-dock.place': vi.fn(async () => {}),
  'upload.ingest': vi.fn(async () => {}),
  'storage.reconcile': vi.fn(async () => {}),
  'conversion.run': vi.fn(async () => {}),
  'notifications.digest': vi.fn(async () => {}),
  'video.clip-export': vi.fn(async () => {}),
  'workflow.run': vi.fn(async () => {}),
  'workflow.schedule': vi.fn(async () => {}),
  'metadata.import': vi.fn(async () => {}),
  'notifications.mail-soon': vi.fn(async () => {}),
  'video.timeline-strip': vi.fn(async () => {}),
  'remote.deliver': vi.fn(async () => {}),
  'remote.import': vi.fn(async () => {}),
  'antivirus.rescan': vi.fn(async () => {}),
  'archive.run': vi.fn(async () => {}),
  'archive.restore': vi.fn(async () => {}),
});

describe('job payloads', () => {
  it('hands each handler its payload parsed by its kind', async () => {
    const typed = handlers();
    const run = jobHandlers(typed);
    expect(Object.keys(run).sort()).toEqual(Object.keys(JOB_PAYLOADS).sort());
    await run['loading-dock.cleanup']?.({ dockId: 7 });
    expect(typed['loading-dock.cleanup']).toHaveBeenCalledWith({ dockId: 7 });
    await run['upload.ingest']?.({ path: 'Library/a.jpg', userId: 3, via: 'http' });
    expect(typed['upload.ingest']).toHaveBeenCalledWith({ path: 'Library/a.jpg', userId: 3, via: 'http' });
  });

  it('fails a job whose stored payload is not its kind’s shape, before the handler runs', async () => {
    const typed = handlers();
    const run = jobHandlers(typed);
    await expect(run['asset.renditions']?.({ assetId: '12' })).rejects.toThrow();
    expect(typed['asset.renditions']).not.toHaveBeenCalled();
  });
});
