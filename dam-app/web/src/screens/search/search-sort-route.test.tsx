// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseRoute } from '../../router/routes.ts';
import { drawRoute, holder, SLOW } from '../../test-support/draw-route.tsx';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en } from '../../test-support/render-screen.tsx';

// The search's sort and view live in the address, as the folder's do: a reload, a shared link or Back shows the
// same results in the same order.
const root = { id: 3, name: 'Library', path: 'library', parentId: null };
const result = { items: [], total: 0, facets: null, nextCursor: null, notices: [] };
const routes = {
  'GET /session/state': { session: holder(), timedOut: false },
  'GET /folders/tree': { root, folders: [] },
  'GET /saved-searches': [],
  'POST /search': { ...result, sort: { field: 'dateAdded', direction: 'desc' } },
};
const searches = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/search').map((call) => call.body);

describe('the search’s sort and view in the route', () => {
  it('reads them from the address and writes them back', () => {
    expect(parseRoute('#/search?q=dune&view=list&sort=size&dir=asc')).toEqual({
      name: 'search',
      query: 'dune',
      view: 'list',
      sort: 'size',
      dir: 'asc',
    });
    expect(parseRoute('#/search?q=dune&view=grid&sort=password')).toEqual({ name: 'search', query: 'dune' });
  });

  it('asks for the order the address names', async () => {
    const { calls } = fakeApi(routes, { others: [] });
    drawRoute({ name: 'search', query: 'dune', sort: 'size', dir: 'asc' });
    await waitFor(
      () =>
        expect(searches(calls)).toContainEqual(
          expect.objectContaining({ q: 'dune', sort: { field: 'size', direction: 'asc' } }),
        ),
      SLOW,
    );
    expect((await screen.findByLabelText(en('browse.sortBy'), {}, SLOW)) as HTMLSelectElement).toHaveProperty(
      'value',
      'size',
    );
  });

  it('writes a new order into the address, keeping the words and the view', async () => {
    window.location.hash = '#/search?q=dune&view=list';
    const { calls } = fakeApi(routes, { others: [] });
    drawRoute({ name: 'search', query: 'dune', view: 'list' });
    const field = (await screen.findByLabelText(en('browse.sortBy'), {}, SLOW)) as HTMLSelectElement;
    await waitFor(() =>
      expect(searches(calls)).toContainEqual(
        expect.objectContaining({ sort: { field: 'dateAdded', direction: 'desc' } }),
      ),
    );
    fireEvent.change(field, { target: { value: 'name' } });
    await waitFor(() => expect(window.location.hash).toBe('#/search?q=dune&view=list&sort=name&dir=desc'));
  });
});
