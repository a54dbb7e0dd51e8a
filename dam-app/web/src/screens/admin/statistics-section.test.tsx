// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Statistics } from '../../../../api/statistics.ts';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { AdminScreen } from './admin-screen.tsx';

const day = (date: string, uploads: number, downloads: number) => ({
  day: date,
  uploads,
  uploadBytes: uploads * 1_000_000,
  downloads,
  downloadBytes: downloads * 2_000_000,
  activeUsers: uploads + downloads,
});
const stats: Statistics = {
  from: '2026-11-25',
  to: '2026-11-27',
  folder: '',
  days: [day('2026-11-25', 0, 0), day('2026-11-26', 7, 2), day('2026-11-27', 3, 1)],
  totals: { uploads: 10, uploadBytes: 10_000_000, downloads: 3, downloadBytes: 6_000_000 },
  byFolder: [{ folder: 'Library', assets: 1_234, bytes: 5_600_000_000 }],
  byKind: [
    { kind: 'image', assets: 1_000, bytes: 5_000_000_000 },
    { kind: 'pdf', assets: 234, bytes: 600_000_000 },
  ],
};
/** The query of each call to the fake server whose path ends so. */
const queries = (fetcher: ReturnType<typeof fakeApi>['fetcher'], path: string) =>
  fetcher.mock.calls
    .map(([input]) => new URL(String(input), 'http://dam.test'))
    .filter((url) => url.pathname.endsWith(path))
    .map((url) => Object.fromEntries(url.searchParams));

describe('R-STATISTICS: the Statistics section', () => {
  it('shows the totals, each day and storage by folder and kind, and goes down into a folder', async () => {
    const { fetcher } = fakeApi({ 'GET /admin/statistics': stats });
    renderScreen(<AdminScreen section="statistics" />);
    const days = await screen.findByRole('table', { name: en('statistics.days') });
    const busy = within(days).getByText('2026-11-26').closest('tr') as HTMLElement;
    expect(within(busy).getByText('7')).toBeTruthy();
    expect(within(busy).getByText('9')).toBeTruthy();
    expect(screen.getByText('10 MB')).toBeTruthy();
    const kinds = screen.getByRole('table', { name: en('statistics.byKind') });
    expect(within(kinds).getByText(en('search.kind.pdf'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Library' }));
    await waitFor(() => expect(queries(fetcher, '/admin/statistics').at(-1)).toEqual({ folder: 'Library' }));
  });

  it('asks for the chosen period, and says so when it ends before it starts', async () => {
    const { fetcher } = fakeApi({ 'GET /admin/statistics': stats });
    renderScreen(<AdminScreen section="statistics" />);
    await screen.findByRole('table', { name: en('statistics.days') });
    fireEvent.change(screen.getByLabelText(en('admin.filterFrom')), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(queries(fetcher, '/admin/statistics').at(-1)).toEqual({ from: '2026-11-20' }));
    fireEvent.change(screen.getByLabelText(en('admin.filterTo')), { target: { value: '2026-11-19' } });
    expect(await screen.findByText(en('admin.periodBackwards'))).toBeTruthy();
    expect(queries(fetcher, '/admin/statistics').at(-1)).toEqual({ from: '2026-11-20' });
  });

  it('says the period was quiet instead of drawing an empty chart', async () => {
    const quiet = {
      ...stats,
      days: [day('2026-11-25', 0, 0)],
      totals: { ...stats.totals, uploads: 0, downloads: 0 },
    };
    fakeApi({ 'GET /admin/statistics': quiet });
    renderScreen(<AdminScreen section="statistics" />);
    expect(await screen.findByText(en('statistics.quietPeriod'))).toBeTruthy();
    expect(screen.queryByText(en('statistics.chartLegend'))).toBeNull();
  });
});
