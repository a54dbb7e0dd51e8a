// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ArchiveStatus } from '../../../../api/archive.ts';
import { MESSAGES } from '../../../../api/messages.ts';
import { failure, fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { AdminScreen } from './admin-screen.tsx';

const entry = {
  size: 2_000_000,
  archiveAt: '2026-11-20T10:00:00.000Z',
  retentionUntil: null,
  archivedAt: null,
  restoreRequestedAt: null,
  error: null,
};
const status: ArchiveStatus = {
  tier: 's3',
  entries: [
    { ...entry, assetId: 1, name: 'later.mov', path: 'Library/later.mov', state: 'scheduled' },
    {
      ...entry,
      assetId: 2,
      name: 'cold.tif',
      path: 'Library/cold.tif',
      state: 'archived',
      archivedAt: '2026-11-21T10:00:00.000Z',
      retentionUntil: '2027-11-21T00:00:00.000Z',
    },
    { ...entry, assetId: 3, name: 'back.pdf', path: 'Library/back.pdf', state: 'restoring' },
  ],
};

describe('R-ARCHIVE: the Archive section', () => {
  it('lists every state (Scheduled Archive, Retention Queue, Restoring Now) and restores an archived asset', async () => {
    const api = fakeApi({ 'GET /admin/archive': status, 'POST /admin/archive/restore': { count: 1 } });
    renderScreen(<AdminScreen section="archive" />);
    for (const [title, name] of [
      ['archive.scheduled', 'later.mov'],
      ['archive.retention', 'cold.tif'],
      ['archive.restoring', 'back.pdf'],
    ] as const) {
      const table = await screen.findByRole('table', { name: en(title) });
      expect(within(table).getByText(name)).toBeTruthy();
    }
    expect(screen.getByText(en('archive.introS3'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en('archive.restoreNamed', { name: 'cold.tif' }) }));
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ assetIds: [2] }),
    );
  });

  it('archives assets by id with their dates, and shows the server’s refusal of a retention date before the archive date', async () => {
    const api = fakeApi({
      'GET /admin/archive': { tier: 'folder', entries: [] },
      'POST /admin/archive': failure(400, 'invalid_input', MESSAGES.retentionBeforeArchive),
    });
    renderScreen(<AdminScreen section="archive" />);
    fireEvent.change(await screen.findByLabelText(en('archive.assetIds'), { exact: false }), {
      target: { value: '4, 5' },
    });
    fireEvent.change(screen.getByLabelText(en('archive.archiveAt')), { target: { value: '2030-06-02' } });
    fireEvent.change(screen.getByLabelText(en('archive.retentionUntil')), {
      target: { value: '2030-06-01' },
    });
    fireEvent.click(screen.getByRole('button', { name: en('archive.archive') }));
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.retentionBeforeArchive);
    const sent = api.calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(sent.assetIds).toEqual([4, 5]);
    expect(sent.archiveAt).toBe(new Date('2030-06-02T00:00').toISOString());
    // Each empty state says what it would list and how an asset gets there.
    for (const key of ['archive.emptyScheduled', 'archive.emptyArchived', 'archive.emptyRestoring'] as const)
      expect(screen.getByText(en(key))).toBeTruthy();
  });
});
