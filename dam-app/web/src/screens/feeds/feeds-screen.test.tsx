// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { drawRoute, SLOW } from '../../test-support/draw-route.tsx';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en } from '../../test-support/render-screen.tsx';

const feed = {
  id: 3,
  name: 'Shoots <new>',
  type: 'atom',
  source: { kind: 'collection', id: 8 },
  sourceName: 'Autumn & co',
  events: ['new_file', 'metadata'],
  sort: 'newest',
  timeFrameDays: 30,
  active: false,
  keyPrefix: 'Ab3xYz',
  lastStatus: 304,
  lastFetchedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
};
const sources = {
  'GET /folders/tree': { root: { id: 1, name: '', path: 'Library', parentId: null }, folders: [] },
  'GET /collections': [],
  'GET /saved-searches': [],
};

describe('My feeds', () => {
  it('says there are none', async () => {
    fakeApi({ 'GET /feeds': [] });
    drawRoute({ name: 'feeds' });
    expect(await screen.findByText(en('feeds.empty'), {}, SLOW)).toBeTruthy();
  });

  it('shows each feed with its type, source, events, state and what its readers last got', async () => {
    fakeApi({ 'GET /feeds': [feed] });
    drawRoute({ name: 'feeds' });
    const row = (await screen.findByText('Shoots <new>', {}, SLOW)).closest('tr') as HTMLElement;
    const text = row.textContent ?? '';
    for (const part of [
      en('feeds.type.atom'),
      `${en('feeds.source.collection')}: Autumn & co`,
      `${en('feeds.event.new_file')}, ${en('feeds.event.metadata')}`,
      en('feeds.inactive'),
      'Ab3xYz…',
      `304 ${en('feeds.status.304')}`,
    ])
      expect(text).toContain(part);
    expect(
      within(row).getByRole('button', { name: en('feeds.newKeyNamed', { name: feed.name }) }),
    ).toBeTruthy();
  });

  it('offers comments as not yet available, and shows a new feed’s address once', async () => {
    const { calls } = fakeApi({
      'GET /feeds': [],
      ...sources,
      'POST /feeds': { status: 201, body: { ...feed, url: 'http://dam.test/api/v1/feed/secret' } },
    });
    drawRoute({ name: 'feeds' });
    fireEvent.click(await screen.findByRole('button', { name: en('feeds.new') }, SLOW));
    const comments = (await screen.findByLabelText(en('feeds.event.comments'), {}, SLOW)) as HTMLInputElement;
    expect(comments.disabled).toBe(true);
    expect(screen.getByText(en('feeds.commentsLater'))).toBeTruthy();
    fireEvent.change(screen.getByLabelText(new RegExp(en('field.name'))), { target: { value: 'Library' } });
    await screen.findByRole('option', { name: '/Library' }, SLOW);
    fireEvent.change(screen.getByLabelText(en('feeds.sourceItem')), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: en('app.create') }));
    const url = (await screen.findByTestId('feed-url', {}, SLOW)) as HTMLInputElement;
    expect(url.value).toBe('http://dam.test/api/v1/feed/secret');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Library',
      description: '',
      type: 'rss',
      source: { kind: 'folder', id: 1 },
      events: ['new_file', 'file_changes', 'metadata'],
      sort: 'newest',
      timeFrameDays: 30,
      active: true,
    });
  });
});
