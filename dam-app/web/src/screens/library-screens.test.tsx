// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { drawRoute, holder, SLOW, serverFailure } from '../test-support/draw-route.tsx';
import { failure, fakeApi, NEVER } from '../test-support/fake-api.ts';
import { en, enSpec } from '../test-support/render-screen.tsx';

// The library's screens (home, folder, search, saved searches, taxonomy, asset, compare) in each of their states.
const root = { id: 3, name: 'Library', path: 'library', parentId: null };
const tree = { root, folders: [] };
const nothingFound = {
  items: [],
  total: 0,
  facets: null,
  nextCursor: null,
  sort: { field: 'name', direction: 'asc' },
  notices: [],
};
const state = { 'GET /session/state': { session: holder(), timedOut: false } };
const loading = () => screen.findByLabelText(en('app.loading'), {}, SLOW);
const alertText = async () =>
  (await screen.findAllByRole('alert', {}, SLOW)).map((each) => each.textContent).join(' ');

describe('Home', () => {
  it('shows placeholders while the places load', async () => {
    fakeApi({}, { others: NEVER });
    drawRoute({ name: 'home' });
    expect(await loading()).toBeTruthy();
  });
  it("shows the server's message", async () => {
    fakeApi({ 'GET /folders/tree': serverFailure });
    drawRoute({ name: 'home' });
    expect(await alertText()).toContain(enSpec('operationFailed'));
  });
});

describe('A folder', () => {
  it('shows placeholders while loading', async () => {
    fakeApi({}, { others: NEVER });
    drawRoute({ name: 'folder', id: 3 });
    expect(await loading()).toBeTruthy();
  });
  it('says it holds no assets', async () => {
    fakeApi({ ...state, 'GET /folders/tree': tree, 'POST /search': nothingFound }, { others: NEVER });
    drawRoute({ name: 'folder', id: 3 });
    expect(await screen.findByText(en('folder.emptyTitle'), {}, SLOW)).toBeTruthy();
  });
  it('says a folder I may not see does not exist', async () => {
    fakeApi({ ...state, 'GET /folders/tree': tree, 'POST /search': nothingFound }, { others: NEVER });
    drawRoute({ name: 'folder', id: 99 });
    expect(await alertText()).toContain(enSpec('folderNotFound'));
  });
  it("shows the server's message", async () => {
    fakeApi({ 'GET /folders/tree': serverFailure }, { others: NEVER });
    drawRoute({ name: 'folder', id: 3 });
    expect(await alertText()).toContain(enSpec('operationFailed'));
  });
});

describe('Search', () => {
  it('shows placeholders while loading', async () => {
    fakeApi({}, { others: NEVER });
    drawRoute({ name: 'search', query: 'dawn' });
    expect(await loading()).toBeTruthy();
  });
  it('says nothing matches', async () => {
    fakeApi({ ...state, 'POST /search': nothingFound, 'GET /saved-searches': [] }, { others: NEVER });
    drawRoute({ name: 'search', query: 'dawn' });
    expect(await screen.findByText(en('search.noResults'), {}, SLOW)).toBeTruthy();
  });
  it("shows the server's message", async () => {
    fakeApi({ 'POST /search': serverFailure }, { others: NEVER });
    drawRoute({ name: 'search', query: 'dawn' });
    expect(await alertText()).toContain(enSpec('operationFailed'));
  });
});

describe('Saved Searches', () => {
  it('shows placeholders while loading', async () => {
    fakeApi({}, { others: NEVER });
    drawRoute({ name: 'saved-searches' });
    expect(await loading()).toBeTruthy();
  });
  it('says there are none', async () => {
    fakeApi({ 'GET /saved-searches': [] });
    drawRoute({ name: 'saved-searches' });
    expect(await screen.findByText(en('search.noSaved'), {}, SLOW)).toBeTruthy();
  });
  it("shows the server's message", async () => {
    fakeApi({ 'GET /saved-searches': serverFailure });
    drawRoute({ name: 'saved-searches' });
    expect(await alertText()).toContain(enSpec('operationFailed'));
  });
});

describe('Taxonomy', () => {
  it('shows placeholders while loading', async () => {
    fakeApi({}, { others: NEVER });
    drawRoute({ name: 'taxonomy' });
    expect(await loading()).toBeTruthy();
  });
  it('says there are no keywords', async () => {
    fakeApi({ 'GET /keywords': { keywords: [] } });
    drawRoute({ name: 'taxonomy' });
    expect(await screen.findByText(en('search.noKeywords'), {}, SLOW)).toBeTruthy();
  });
  it("shows the server's message", async () => {
    fakeApi({ 'GET /keywords': serverFailure });
    drawRoute({ name: 'taxonomy' });
    expect(await alertText()).toContain(enSpec('operationFailed'));
  });
  it('tells someone without "view global keywords", without asking the server', async () => {
    const { calls } = fakeApi({});
    drawRoute({ name: 'taxonomy' }, holder([]));
    expect(await screen.findByText(enSpec('noPermission'), {}, SLOW)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('An asset', () => {
  it('shows placeholders while loading', async () => {
    fakeApi({}, { others: NEVER });
    drawRoute({ name: 'asset', id: 5 });
    expect(await loading()).toBeTruthy();
  });
  it("shows the server's message for an asset I may not see", async () => {
    fakeApi(
      { 'GET /assets/5': failure(404, 'not_found', enSpec('notFound')), 'GET /trash': { items: [] } },
      { others: NEVER },
    );
    drawRoute({ name: 'asset', id: 5 });
    expect(await alertText()).toContain(enSpec('notFound'));
  });
});

describe('Version compare', () => {
  it('shows placeholders while loading', async () => {
    fakeApi({}, { others: NEVER });
    drawRoute({ name: 'compare', id: 5, left: 1, right: 2 });
    expect(await loading()).toBeTruthy();
  });
  it("shows the server's message", async () => {
    fakeApi({ 'GET /assets/5/versions/compare': serverFailure }, { others: NEVER });
    drawRoute({ name: 'compare', id: 5, left: 1, right: 2 });
    expect(await alertText()).toContain(enSpec('operationFailed'));
  });
});
