// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { drawRoute, holder, SLOW } from '../../test-support/draw-route.tsx';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en } from '../../test-support/render-screen.tsx';

// The folder's sort lives in the address beside its view: a reload, a shared link or Back shows the same order.
const root = { id: 3, name: 'Library', path: 'library', parentId: null };
const result = { items: [], total: 0, facets: null, nextCursor: null, notices: [] };
const routes = {
  'GET /session/state': { session: holder(), timedOut: false },
  'GET /folders/tree': { root, folders: [] },
  'POST /search': { ...result, sort: { field: 'name', direction: 'asc' } },
};
const searches = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/search').map((call) => call.body);

describe('the folder’s sort in the route', () => {
  it('asks for the order the address names', async () => {
    const { calls } = fakeApi(routes, { others: [] });
    drawRoute({ name: 'folder', id: 3, sort: 'dateAdded', dir: 'desc' });
    await waitFor(
      () =>
        expect(searches(calls)).toContainEqual(
          expect.objectContaining({ sort: { field: 'dateAdded', direction: 'desc' } }),
        ),
      SLOW,
    );
    expect((await screen.findByLabelText(en('browse.sortBy'), {}, SLOW)) as HTMLSelectElement).toHaveProperty(
      'value',
      'dateAdded',
    );
  });

  it('writes a new order into the address, keeping the view', async () => {
    window.location.hash = '#/folder/3?view=list';
    const { calls } = fakeApi(routes, { others: [] });
    drawRoute({ name: 'folder', id: 3, view: 'list' });
    const field = (await screen.findByLabelText(en('browse.sortBy'), {}, SLOW)) as HTMLSelectElement;
    expect(searches(calls)).toContainEqual(
      expect.objectContaining({ sort: { field: 'name', direction: 'asc' } }),
    );
    fireEvent.change(field, { target: { value: 'size' } });
    await waitFor(() => expect(window.location.hash).toBe('#/folder/3?view=list&sort=size&dir=asc'));
  });
});
