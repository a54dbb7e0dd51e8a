import { describe, expect, it } from 'vitest';
import { TRANSFER_MESSAGES } from '../../../api/transfer-messages.ts';
import { MemoryStorage } from './memory-storage.ts';
import { ProgressStore } from './progress-record.ts';
import { ReloadWarning } from './reload-warning.ts';
import type { TransferApi } from './transfer-api.ts';
import { UploadFlow } from './upload-flow.ts';
import type { UploadActions } from './upload-monitor.ts';

const none = async () => ({});
const actions: UploadActions = {
  sessionStart: none,
  fileFinish: none,
  sessionFinish: none,
  errorUpload: none,
  cancelledUpload: none,
};

function flow(options: { storage?: boolean; specs?: Record<string, unknown>[]; startFails?: boolean }) {
  const logs: string[] = [];
  const started: Record<string, unknown>[] = [];
  const store = options.storage === false ? undefined : new ProgressStore(new MemoryStorage());
  const reload = new ReloadWarning(new EventTarget() as unknown as Window);
  const api = { preTransfer: async () => options.specs ?? [] } as unknown as TransferApi;
  const uploads = new UploadFlow({
    client: {
      async startTransferPromise(spec) {
        if (options.startFails) throw { error: { user_message: 'no' } };
        started.push(spec);
        return { transfer_specs: [{ uuid: 'client-1' }] };
      },
    },
    api,
    actions,
    store,
    reload,
    log: (message) => logs.push(message),
    events: { onSeen: () => {}, onEnd: () => {} },
  });
  return { uploads, logs, started, store, reload };
}

const SPEC = {
  cookie: 'carlos,t,1,Library,Library',
  tags: { dam: { node: 'https://node' } },
  destination_root: '/Library',
};

describe('the upload flow: its set-up (R-UPLOAD-SETUP) and what it needs (R-ACL-RELATIVE-PATH, R-UPLOAD-GATE)', () => {
  it('needs working localStorage, a file, and the ACL’s relative path', async () => {
    const noStorage = flow({ storage: false, specs: [SPEC] });
    expect(await noStorage.uploads.upload(['/a'], null, 'Library')).toMatchObject({ outcome: 'no-storage' });
    expect(noStorage.logs).toEqual([TRANSFER_MESSAGES.localStorageUnavailable]);
    const ok = flow({ specs: [SPEC] });
    expect(await ok.uploads.upload([], null, 'Library')).toMatchObject({ outcome: 'cleared' });
    expect(await ok.uploads.upload(['/a'], null, null)).toMatchObject({ outcome: 'no-acl-path' });
    expect(ok.logs).toEqual([TRANSFER_MESSAGES.noAclPermission]);
    expect(ok.started).toEqual([]);
  });

  it('logs an empty pre-transfer answer and a start the client refused, and starts nothing', async () => {
    const empty = flow({ specs: [] });
    expect(await empty.uploads.upload(['/a'], null, 'Library')).toMatchObject({ outcome: 'no-spec' });
    expect(empty.logs).toEqual([TRANSFER_MESSAGES.emptyPreTransfer]);
    const refused = flow({ specs: [SPEC], startFails: true });
    expect(await refused.uploads.upload(['/a'], null, 'Library')).toMatchObject({ outcome: 'start-failed' });
    expect(refused.logs[0]).toContain(TRANSFER_MESSAGES.startFailed);
    // What was logged is also what the person is told.
    expect((await refused.uploads.upload(['/a'], null, 'Library')).problem).toBe(refused.logs[1]);
    expect(refused.store?.resumable()).toEqual([]);
  });

  it('records a started upload for resuming, with its node and the client’s id, and turns the reload warning on', async () => {
    const ok = flow({ specs: [SPEC] });
    expect(await ok.uploads.upload(['/a'], 12, 'Library')).toMatchObject({ outcome: 'started' });
    expect(ok.store?.entry(SPEC.cookie)).toMatchObject({
      nodeUrl: 'https://node',
      clientId: 'client-1',
      processed: [],
    });
    expect(ok.reload.active).toBe(true);
    ok.uploads.stopAll();
  });

  it('names the uploads it started — never an older one the record keeps (a start that failed, one that ended)', async () => {
    const ok = flow({ specs: [SPEC] });
    // An earlier upload whose start failed, and one that ended without the node ever showing it: both stay in
    // the record with no transfer id, and neither is starting now.
    ok.store?.update('carlos,t,0,Library,Library', (entry) => ({ ...entry, error: 'start failed' }), {
      nodeUrl: 'https://node',
      fileCount: 1,
      processed: [],
    });
    ok.store?.update('carlos,t,9,Library,Library', (entry) => ({ ...entry, cancelled: true }), {
      nodeUrl: 'https://node',
      fileCount: 2,
      processed: [],
    });
    const result = await ok.uploads.upload(['/a', '/b'], 12, 'Library');
    expect(result).toMatchObject({ outcome: 'started', started: [SPEC.cookie] });
    ok.uploads.stopAll();
  });
});
