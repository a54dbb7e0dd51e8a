// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { holder, SLOW } from '../../test-support/draw-route.tsx';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { ASSET_DRAG_TYPE, draggedIds } from './asset-drag.ts';
import { PlacesTree } from './places-tree.tsx';

// Assets dragged from the results onto a Places folder: Move or Copy opens with that folder as the destination.
const root = { id: 3, name: 'Library', path: 'Library', parentId: null };
const archive = { id: 8, name: 'Archive', path: 'Library/Archive', parentId: 3 };
const tree = { root, folders: [archive] };
// The Move or Copy dialog reads the tree; the rest of the app is not asked.
const screenRoutes = (session = holder()) => ({
  'GET /session/state': { session, timedOut: false },
  'GET /folders/tree': tree,
  'POST /search': {
    items: [],
    total: 0,
    facets: null,
    nextCursor: null,
    sort: { field: 'name', direction: 'asc' },
    notices: [],
  },
});
const carrying = (ids: number[]) => ({
  dataTransfer: {
    types: [ASSET_DRAG_TYPE, 'text/plain'],
    getData: (type: string) => (type === ASSET_DRAG_TYPE ? JSON.stringify(ids) : ids.join(',')),
    dropEffect: 'none',
  },
});

describe('dragging assets onto a Places folder', () => {
  it('drags the selection when the asset is in it, else the asset alone', () => {
    expect(draggedIds(new Set([1, 2, 3]), 2)).toEqual([1, 2, 3]);
    expect(draggedIds(new Set([1, 2, 3]), 9)).toEqual([9]);
  });

  it('shows the folder as the target, then moves the assets there once confirmed', async () => {
    const { calls } = fakeApi(
      { ...screenRoutes(), 'POST /assets/5/move': {}, 'POST /assets/6/move': {} },
      { others: [] },
    );
    renderScreen(<PlacesTree session={holder()} data={tree} currentId={3} />);
    const target = (await screen.findByText('Archive', {}, SLOW)).closest('[role="treeitem"]') as HTMLElement;
    fireEvent.dragOver(target, carrying([5, 6]));
    expect(target.getAttribute('data-drop-target')).toBe('true');
    fireEvent.drop(target, carrying([5, 6]));
    expect(await screen.findByText(en('moveCopy.assetsIntro', { count: 2 }), {}, SLOW)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: en('moveCopy.move') }, SLOW));
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path.endsWith('/move')).map((call) => [call.path, call.body]),
      ).toEqual([
        ['/assets/5/move', { destinationId: 8 }],
        ['/assets/6/move', { destinationId: 8 }],
      ]),
    );
  });

  it('takes no assets from one who may not move them', async () => {
    fakeApi(screenRoutes(holder(['fileUpload'])), { others: [] });
    renderScreen(<PlacesTree session={holder(['fileUpload'])} data={tree} currentId={3} />);
    const target = (await screen.findByText('Archive', {}, SLOW)).closest('[role="treeitem"]') as HTMLElement;
    fireEvent.dragOver(target, carrying([5]));
    expect(target.hasAttribute('data-drop-target')).toBe(false);
    fireEvent.drop(target, carrying([5]));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText(en('moveCopy.title'))).toBeNull();
  });
});
