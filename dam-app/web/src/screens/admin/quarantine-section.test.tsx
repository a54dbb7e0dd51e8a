// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { AdminScreen } from './admin-screen.tsx';

const FLAGGED = {
  id: 5,
  path: 'Library/In/flagged.bin',
  via: 'http',
  result: 'infected',
  signature: 'Rapid.Test.EICAR.UNOFFICIAL',
  reason: null,
  uploader: 'uma',
  scannedAt: '2026-11-27T06:00:00.000Z',
};

describe('R-QUARANTINE: the Quarantine section', () => {
  it('lists quarantined uploads with the signature; rescan and delete call the server', async () => {
    const { calls } = fakeApi({
      'GET /admin/quarantine': [FLAGGED],
      'POST /admin/quarantine/5/rescan': { status: 202, body: { ok: true } },
      'DELETE /admin/quarantine/5': { ok: true },
    });
    renderScreen(<AdminScreen section="quarantine" />);
    const row = (await screen.findByText('Library/In/flagged.bin')).closest('tr') as HTMLElement;
    expect(within(row).getByText(en('quarantine.infected', { signature: FLAGGED.signature }))).toBeTruthy();
    fireEvent.click(
      within(row).getByRole('button', { name: en('quarantine.rescanLabel', { path: FLAGGED.path }) }),
    );
    await waitFor(() => expect(calls.some((call) => call.path === '/admin/quarantine/5/rescan')).toBe(true));
    fireEvent.click(within(row).getByRole('button', { name: `${en('app.delete')} ${FLAGGED.path}` }));
    const dialog = within(await screen.findByRole('alertdialog'));
    fireEvent.click(dialog.getByRole('button', { name: en('app.delete') }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });
});
