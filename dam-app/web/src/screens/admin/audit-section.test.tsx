// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { AdminScreen } from './admin-screen.tsx';

/** The query of each call to the fake server whose path ends so. */
const queries = (fetcher: ReturnType<typeof fakeApi>['fetcher'], path: string) =>
  fetcher.mock.calls
    .map(([input]) => new URL(String(input), 'http://dam.test'))
    .filter((url) => url.pathname.endsWith(path))
    .map((url) => Object.fromEntries(url.searchParams));

describe('R-LOG-REPORTS: the audit log filters and CSV export', () => {
  it('filters by person and day, and exports what it shows as CSV', async () => {
    const { fetcher } = fakeApi({ 'GET /admin/audit': [] });
    renderScreen(<AdminScreen section="audit" />);
    await screen.findByText(en('admin.auditEmpty'));
    fireEvent.change(screen.getByLabelText(en('admin.filterUser')), { target: { value: 'carla' } });
    fireEvent.change(screen.getByLabelText(en('admin.filterFrom')), { target: { value: '2026-11-01' } });
    await waitFor(() =>
      expect(queries(fetcher, '/admin/audit').at(-1)).toEqual({
        limit: '50',
        user: 'carla',
        from: '2026-11-01',
      }),
    );
    const link = screen.getByRole('link', { name: en('admin.exportCsv') });
    const href = new URL(link.getAttribute('href') ?? '', 'http://dam.test');
    expect(href.pathname).toBe('/api/v1/admin/audit/export');
    expect(Object.fromEntries(href.searchParams)).toEqual({ user: 'carla', from: '2026-11-01' });
  });
});
