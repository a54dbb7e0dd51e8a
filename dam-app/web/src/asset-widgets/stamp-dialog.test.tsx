// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../../../api/messages.ts';
import { fakeApi } from '../test-support/fake-api.ts';
import { en, renderScreen } from '../test-support/render-screen.tsx';
import { StampDialog } from './stamp-dialog.tsx';

const CITY = 'http://ns.example.org/photo/1.0/city';
const STAMP = { id: 2, name: 'Oslo', values: [{ key: CITY, value: 'Oslo' }] };

describe('the stamp dialog on a selection (R-STAMP)', () => {
  it('previews the chosen stamp on the selected assets, then applies it to all of them', async () => {
    const api = fakeApi({
      'GET /stamps': [STAMP],
      'POST /stamps/2/preview': {
        assets: 2,
        changed: 1,
        applied: false,
        changes: [{ assetId: 8, key: CITY, from: 'Bergen', to: 'Oslo' }],
      },
      'POST /stamps/2/apply': { assets: 2, changed: 1, applied: true, changes: [] },
    });
    renderScreen(<StampDialog open assetIds={[7, 8]} onClose={() => {}} />);
    const dialog = within(await screen.findByRole('dialog'));
    await waitFor(() => expect(dialog.getByRole('option', { name: 'Oslo' })).toBeTruthy());
    fireEvent.change(dialog.getByLabelText(en('stamp.choose')), { target: { value: '2' } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: en('stamp.preview') })));
    expect(await dialog.findByText(en('stamp.previewSummary', { changed: 1, assets: 2 }))).toBeTruthy();
    expect(dialog.getByText('Bergen')).toBeTruthy();
    await act(async () =>
      fireEvent.click(dialog.getByRole('button', { name: en('stamp.applyTo', { assets: 2 }) })),
    );
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/stamps/2/apply')?.body).toEqual({ assetIds: [7, 8] }),
    );
  });

  it('shows each refused field with its reason', async () => {
    fakeApi({
      'GET /stamps': [STAMP],
      'POST /stamps/2/preview': {
        status: 400,
        body: {
          error: {
            code: 'invalid_fields',
            message: 'invalid_fields',
            user_message: FIELD_MESSAGES.noForm,
            fields: { [CITY]: FIELD_MESSAGES.noForm },
          },
        },
      },
    });
    renderScreen(<StampDialog open assetIds={[7]} onClose={() => {}} />);
    const dialog = within(await screen.findByRole('dialog'));
    await waitFor(() => expect(dialog.getByRole('option', { name: 'Oslo' })).toBeTruthy());
    fireEvent.change(dialog.getByLabelText(en('stamp.choose')), { target: { value: '2' } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: en('stamp.preview') })));
    expect(await dialog.findByText(`city: ${FIELD_MESSAGES.noForm}`)).toBeTruthy();
  });

  it('undoes the stamp just applied (R-STAMP-UNDO)', async () => {
    const api = fakeApi({
      'GET /stamps': [STAMP],
      'POST /stamps/2/preview': {
        assets: 2,
        changed: 1,
        applied: false,
        changes: [{ assetId: 8, key: CITY, from: 'Bergen', to: 'Oslo' }],
      },
      'POST /stamps/2/apply': { assets: 2, changed: 1, applied: true, changes: [], runId: 5 },
      'POST /stamps/runs/5/undo': { restored: 1, changedSince: [] },
    });
    renderScreen(<StampDialog open assetIds={[7, 8]} onClose={() => {}} />);
    const dialog = within(await screen.findByRole('dialog'));
    await waitFor(() => expect(dialog.getByRole('option', { name: 'Oslo' })).toBeTruthy());
    fireEvent.change(dialog.getByLabelText(en('stamp.choose')), { target: { value: '2' } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: en('stamp.preview') })));
    await act(async () =>
      fireEvent.click(await dialog.findByRole('button', { name: en('stamp.applyTo', { assets: 2 }) })),
    );
    const undo = await dialog.findByRole('button', { name: en('stamp.undo') });
    await act(async () => fireEvent.click(undo));
    await waitFor(() => expect(api.calls.some((call) => call.path === '/stamps/runs/5/undo')).toBe(true));
  });
});
