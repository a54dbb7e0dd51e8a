// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AssetView } from '../../../../api/assets.ts';
import { type Comment, DISCUSSION_MESSAGES, type Discussion } from '../../../../api/discussions.ts';
import { failure, fakeApi, NEVER } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { DiscussionTab } from './discussion-tab.tsx';

const ASSET: AssetView = {
  id: 7,
  name: 'cover.jpg',
  fileName: 'cover.jpg',
  description: '',
  dateCreated: '2026-01-01T00:00:00.000Z',
  dateAdded: '2026-01-01T00:00:00.000Z',
  fileType: 'JPEG',
  mimeType: 'image/jpeg',
  kind: 'image',
  size: 1000,
  colorProfile: null,
  dimensions: null,
  aspectRatio: null,
  renditions: [
    {
      name: 'preview',
      mimeType: 'image/jpeg',
      width: 800,
      height: 600,
      size: 10,
      url: '/assets/7/renditions/preview',
    },
  ],
  versions: 2,
  keywords: [],
  folderId: 1,
  path: 'Library/cover.jpg',
  status: 'active',
  renditionState: 'done',
  checkedOutBy: null,
  checkedOutAt: null,
  metadata: {},
};

const comment = (id: number, extra: Partial<Comment> = {}): Comment => ({
  id,
  parentId: null,
  version: 2,
  author: { id: 2, name: 'carla' },
  body: `Comment ${id}`,
  deleted: false,
  annotation: null,
  mentions: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  editedAt: null,
  mayEdit: false,
  ...extra,
});
const REGION = { kind: 'region', x: 0.1, y: 0.2, width: 0.3, height: 0.4 } as const;
const DISCUSSION: Discussion = {
  version: 2,
  currentVersion: 2,
  items: [
    comment(1, { body: 'Logo too big @rita', mentions: ['rita'], annotation: REGION }),
    comment(2, { parentId: 1, author: { id: 3, name: 'rita' }, body: 'Shrunk it', mayEdit: true }),
    comment(3, { deleted: true, body: '', author: null }),
  ],
};
const draw = async (routes: Record<string, unknown> = {}, at?: { comment: number; version?: number }) => {
  const api = fakeApi({ 'GET /assets/7/comments': DISCUSSION, ...routes });
  renderScreen(<DiscussionTab asset={ASSET} at={at} />);
  await screen.findByRole('heading', { name: en('discussion.title', { count: 2, version: 2 }) });
  return api;
};

describe('the asset’s Discussion tab (R-ANNOTATION, R-MENTION, R-COMMENT-EDIT)', () => {
  it('lists threads beside the preview; an annotation is selected from the list and marked on the picture', async () => {
    await draw();
    expect(screen.getByText('Shrunk it')).toBeTruthy();
    expect(screen.getByText(en('discussion.deleted'))).toBeTruthy();
    // Only the author's own comment offers Edit and Delete.
    expect(screen.getAllByRole('button', { name: en('app.edit') })).toHaveLength(1);
    const pin = screen.getByRole('button', { name: en('discussion.regionLabel', { number: 1 }) });
    expect(pin.getAttribute('aria-pressed')).toBe('false');
    const region = screen.getByTestId('region-1');
    expect(getComputedStyle(region).left).toBe('10%');
    await act(async () => fireEvent.click(pin));
    expect(pin.getAttribute('aria-pressed')).toBe('true');
  });

  it('pins a new comment to a region placed with the keyboard and mentions a person picked from the suggestions', async () => {
    const api = await draw({
      'GET /assets/7/mentionable': [{ id: 3, name: 'rita' }],
      'POST /assets/7/comments': { status: 201, body: comment(9) },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en('discussion.pinRegion') })));
    const draft = screen.getByTestId('draft-region');
    await act(async () => fireEvent.keyDown(draft, { key: 'ArrowRight' }));
    await act(async () => fireEvent.keyDown(draft, { key: 'ArrowDown', shiftKey: true }));
    expect(draft.getAttribute('aria-label')).toBe(
      en('discussion.draftRegion', { x: '30%', y: '25%', width: '50%', height: '55%' }),
    );
    const text = screen.getByLabelText(en('discussion.newComment'));
    await act(async () => fireEvent.change(text, { target: { value: 'Move the logo here @ri' } }));
    const offered = await screen.findByRole('group', { name: en('discussion.mentionSuggestions') });
    await act(async () => fireEvent.click(within(offered).getByRole('button', { name: '@rita' })));
    expect((text as HTMLTextAreaElement).value).toBe('Move the logo here @rita ');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en('discussion.post') })));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      body: 'Move the logo here @rita',
      version: 2,
      annotation: { kind: 'region', x: 0.3, y: 0.25, width: 0.5, height: 0.55 },
    });
  });

  it('checks the text before sending, and shows the server’s refusal', async () => {
    const api = await draw({
      'POST /assets/7/comments': failure(400, 'invalid_input', DISCUSSION_MESSAGES.annotationKind),
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en('discussion.post') })));
    expect(screen.getByText(DISCUSSION_MESSAGES.commentRequired)).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    const text = screen.getByLabelText(en('discussion.newComment'));
    await act(async () => fireEvent.change(text, { target: { value: 'Hello' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en('discussion.post') })));
    expect(await screen.findByText(DISCUSSION_MESSAGES.annotationKind)).toBeTruthy();
  });

  it('shows an older version’s own comments over that version’s picture', async () => {
    await draw();
    // The server answers for version 1 from now on (its own comment, pinned elsewhere).
    const older = fakeApi({
      'GET /assets/7/comments': {
        version: 1,
        currentVersion: 2,
        items: [comment(5, { version: 1, body: 'On the first cut', annotation: { ...REGION, x: 0.5 } })],
      },
    });
    const select = screen.getByLabelText(en('discussion.version'));
    await act(async () => fireEvent.change(select, { target: { value: '1' } }));
    expect(await screen.findByText('On the first cut')).toBeTruthy();
    expect(screen.queryByText('Shrunk it')).toBeNull();
    expect(
      older.fetcher.mock.calls.some(([url]) => String(url).includes('/assets/7/comments?version=1')),
    ).toBe(true);
    expect(getComputedStyle(screen.getByTestId('region-5')).left).toBe('50%');
    const picture = screen.getByAltText(en('discussion.pictureOf', { name: 'cover.jpg', version: 1 }));
    expect(picture.getAttribute('src')).toBe('/api/v1/assets/7/versions/1/renditions/thumbnail');
  });

  it('has its loading, empty and error states', async () => {
    fakeApi({ 'GET /assets/7/comments': NEVER });
    const { unmount } = renderScreen(<DiscussionTab asset={ASSET} />);
    expect(screen.queryByRole('heading')).toBeNull();
    unmount();
    fakeApi({ 'GET /assets/7/comments': { version: 1, currentVersion: 1, items: [] } });
    const second = renderScreen(<DiscussionTab asset={{ ...ASSET, versions: 1 }} />);
    expect(await screen.findByText(en('discussion.empty'))).toBeTruthy();
    second.unmount();
    fakeApi({ 'GET /assets/7/comments': failure(404, 'not_found', 'Not found') });
    renderScreen(<DiscussionTab asset={ASSET} />);
    expect(await screen.findByText('Not found')).toBeTruthy();
  });

  it('opens at the comment a notification names: on its version, marked and focused', async () => {
    const api = await draw({}, { comment: 2, version: 2 });
    const reply = screen.getByText('Shrunk it').closest('[data-comment]') as HTMLElement;
    await waitFor(() => expect(document.activeElement).toBe(reply));
    expect(reply.dataset.comment).toBe('2');
    expect(getComputedStyle(reply).borderLeftWidth).toBe('3px');
    expect(api.fetcher.mock.calls.map(([url]) => String(url))).toEqual([
      expect.stringMatching(/\/assets\/7\/comments\?version=2$/),
    ]);
  });
});
