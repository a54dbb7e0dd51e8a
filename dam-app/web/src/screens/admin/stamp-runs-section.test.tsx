// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/translate.ts';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { AdminScreen } from './admin-screen.tsx';

const RUNS = [
  {
    id: 9,
    stampName: 'Oslo',
    actor: 'ada',
    createdAt: '2030-04-02T10:00:00.000Z',
    assets: 120,
    undoneAt: null,
  },
  {
    id: 8,
    stampName: 'Bergen',
    actor: null,
    createdAt: '2030-04-01T10:00:00.000Z',
    assets: 3,
    undoneAt: '2030-04-01T11:00:00.000Z',
  },
];

describe('the past stamp runs (R-STAMP-RUNS)', () => {
  it('lists when, who, which stamp, how many assets and whether undone, and undoes a run from the list', async () => {
    const api = fakeApi({
      'GET /admin/stamp-runs': RUNS,
      'POST /stamps/runs/9/undo': { restored: 118, changedSince: [4, 5] },
    });
    renderScreen(<AdminScreen section="stamp-runs" />);
    const table = within(await screen.findByRole('table', { name: en('admin.stampRuns') }));
    const rows = table.getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('Oslo')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('ada')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('120')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText(en('stampRuns.applied'))).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText(en('stampRuns.gone'))).toBeTruthy();
    expect(rows[1]?.querySelector('[data-run-state="undone"]')).toBeTruthy();
    // An undone run cannot be undone again: one Undo, on the run still applied.
    const undos = table.getAllByRole('button', { name: /^Undo / });
    expect(undos).toHaveLength(1);
    fireEvent.click(undos[0] as HTMLElement);
    const dialog = within(await screen.findByRole('alertdialog'));
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: en('stampRuns.undo') })));
    await waitFor(() => expect(api.calls.some((call) => call.path === '/stamps/runs/9/undo')).toBe(true));
    await waitFor(() =>
      expect(api.calls.filter((call) => call.path === '/admin/stamp-runs').length).toBeGreaterThan(1),
    );
  });

  it('says what the list is for when no stamp was applied, in French', async () => {
    fakeApi({ 'GET /admin/stamp-runs': [] });
    renderScreen(<AdminScreen section="stamp-runs" />, { language: 'fr' });
    const fr = translator('fr');
    expect(await screen.findByText(fr('stampRuns.empty'))).toBeTruthy();
    expect(screen.getByText(fr('stampRuns.emptyHint'))).toBeTruthy();
  });
});
