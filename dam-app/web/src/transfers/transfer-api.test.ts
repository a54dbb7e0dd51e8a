import { describe, expect, it } from 'vitest';
import { fakeApi } from '../test-support/fake-api.ts';
import { transferApi } from './transfer-api.ts';

describe('R-WORKSPACE-UPLOAD-FORM: the pre-transfer request', () => {
  it('sends the person’s DAM workspace with an upload set-up only, beside the site’s workspace id', async () => {
    const { calls } = fakeApi({ 'POST /transfers/pre-transfer': { transfer_specs: [] } });
    const transfers = transferApi(
      undefined,
      () => 'site-1',
      () => 7,
    );
    await transfers.preTransfer({ nodetarget: '/files/upload_setup', paths: [{ source: '/tmp/a.jpg' }] });
    await transfers.preTransfer({
      nodetarget: '/files/download_setup',
      paths: [{ source: 'Library/a.jpg' }],
    });
    expect(calls.map((call) => call.body)).toEqual([
      {
        workspaceId: 'site-1',
        damWorkspaceId: 7,
        nodetarget: '/files/upload_setup',
        transfer_spec: { paths: [{ source: '/tmp/a.jpg' }] },
      },
      {
        workspaceId: 'site-1',
        nodetarget: '/files/download_setup',
        transfer_spec: { paths: [{ source: 'Library/a.jpg' }] },
      },
    ]);
  });
});
