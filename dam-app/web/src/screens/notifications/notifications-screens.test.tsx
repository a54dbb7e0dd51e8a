// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../api/messages.ts';
import { NOTIFICATION_TYPES } from '../../../../api/notifications.ts';
import { translator } from '../../i18n/translate.ts';
import { drawRoute, SLOW, serverFailure } from '../../test-support/draw-route.tsx';
import { fakeApi, NEVER } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { FollowButton } from './follow-button.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { NotificationSettingsSection } from './notification-settings-section.tsx';

const fr = translator('fr');

const note = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'Upload',
  subject: `photo-${id}.jpg`,
  actor: 'bob',
  target: { kind: 'asset', id: String(100 + id) },
  createdAt: '2026-11-26T10:00:00.000Z',
  read: false,
  ...extra,
});

describe('the Notification center', () => {
  it('lists my notifications with their type, link and author, and marks one or all read', async () => {
    const api = fakeApi({
      'GET /notifications': {
        items: [
          note(3),
          note(2, { type: 'Conversion', actor: null, target: { kind: 'dock', id: 'abc' }, read: true }),
          note(1, { type: 'Mention', target: { kind: 'comment', id: '12:3:40' }, read: true }),
        ],
        next: null,
        unread: 1,
      },
      'POST /notifications/3/read': { ok: true },
      'POST /notifications/read': { ok: true },
    });
    drawRoute({ name: 'notifications' });
    const table = await screen.findByRole('table', { name: en('notifications.title') }, SLOW);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    // A Mention opens the asset's Discussion tab at the comment, on its version.
    expect(
      within(rows[3] as HTMLElement)
        .getByRole('link', { name: 'photo-1.jpg' })
        .getAttribute('href'),
    ).toBe('#/asset/12?tab=discussion&version=3&comment=40');
    const first = within(rows[1] as HTMLElement);
    expect(first.getByText(en('notifications.type.Upload'))).toBeTruthy();
    expect(first.getByRole('link', { name: 'photo-3.jpg' }).getAttribute('href')).toBe('#/asset/103');
    expect(first.getByText('bob')).toBeTruthy();
    const second = within(rows[2] as HTMLElement);
    expect(second.getByRole('link', { name: 'photo-2.jpg' }).getAttribute('href')).toBe('#/loading-dock');
    expect(second.getByText(en('notifications.system'))).toBeTruthy();
    // A read notification has no Mark read button.
    expect(second.queryByRole('button')).toBeNull();
    expect(screen.getByText(en('notifications.unreadCount', { count: '1' }))).toBeTruthy();

    fireEvent.click(first.getByRole('button', { name: `${en('notifications.markRead')} photo-3.jpg` }));
    await waitFor(() => expect(api.calls.some((call) => call.path === '/notifications/3/read')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: en('notifications.readAll') }));
    await waitFor(() =>
      expect(api.calls.some((call) => call.method === 'POST' && call.path === '/notifications/read')).toBe(
        true,
      ),
    );
  });

  it('fetches older pages by keyset when asked', async () => {
    const api = fakeApi({
      'GET /notifications': { items: [note(60)], next: 60, unread: 5 },
    });
    drawRoute({ name: 'notifications' });
    const more = await screen.findByRole('button', { name: en('notifications.more') }, SLOW);
    api.fetcher.mockImplementationOnce(async (input: RequestInfo | URL) => {
      expect(String(input)).toContain('before=60');
      return new Response(JSON.stringify({ items: [note(59)], next: null, unread: null }), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    fireEvent.click(more);
    expect(await screen.findByRole('link', { name: 'photo-59.jpg' }, SLOW)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: en('notifications.more') })).toBeNull());
  });

  it('shows its loading, empty and error states', async () => {
    fakeApi({ 'GET /notifications': NEVER });
    const loading = drawRoute({ name: 'notifications' });
    expect(await screen.findByLabelText(en('app.loading'), {}, SLOW)).toBeTruthy();
    loading.unmount();
    fakeApi({ 'GET /notifications': { items: [], next: null, unread: 0 } });
    const empty = drawRoute({ name: 'notifications' });
    expect(await screen.findByText(en('notifications.none'), {}, SLOW)).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: en('notifications.readAll') }) as HTMLButtonElement).disabled,
    ).toBe(true);
    empty.unmount();
    fakeApi({ 'GET /notifications': serverFailure });
    drawRoute({ name: 'notifications' });
    expect(await screen.findByText(MESSAGES.operationFailed, {}, SLOW)).toBeTruthy();
  });
});

describe('the bell', () => {
  it('shows the unread count and names it for screen readers', async () => {
    fakeApi({ 'GET /notifications/unread': { unread: 7 } });
    renderScreen(<NotificationBell />);
    const bell = await screen.findByRole(
      'link',
      { name: en('notifications.bellUnread', { count: '7' }) },
      SLOW,
    );
    expect(bell.getAttribute('href')).toBe('#/notifications');
    expect(within(bell).getByText('7')).toBeTruthy();
  });
});

describe('My Tasks', () => {
  it('lists each task with its status and due date, and completes one', async () => {
    const api = fakeApi({
      'GET /tasks': {
        items: [
          {
            id: 1,
            kind: 'checkout.return',
            title: 'dawn.jpg',
            status: 'Scheduled',
            dueAt: '2026-12-03T10:00:00.000Z',
            target: { kind: 'asset', id: '9' },
            createdAt: '2026-11-26T10:00:00.000Z',
            completedAt: null,
          },
          {
            id: 2,
            kind: 'dock.conversion_failed',
            title: 'clip.mov',
            status: 'Error',
            dueAt: null,
            target: { kind: 'dock', id: 'xyz' },
            createdAt: '2026-11-26T10:00:00.000Z',
            completedAt: null,
          },
        ],
      },
      'POST /tasks/2/complete': { ok: true },
    });
    drawRoute({ name: 'tasks' });
    const link = await screen.findByRole(
      'link',
      { name: en('tasks.kind.checkout.return', { title: 'dawn.jpg' }) },
      SLOW,
    );
    expect(link.getAttribute('href')).toBe('#/asset/9');
    expect(screen.getByText(en('tasks.status.Scheduled'))).toBeTruthy();
    expect(screen.getByText(en('tasks.status.Error'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `${en('tasks.complete')} clip.mov` }));
    await waitFor(() => expect(api.calls.some((call) => call.path === '/tasks/2/complete')).toBe(true));
  });

  it('says when nothing waits', async () => {
    fakeApi({ 'GET /tasks': { items: [] } });
    drawRoute({ name: 'tasks' });
    expect(await screen.findByText(en('tasks.none'), {}, SLOW)).toBeTruthy();
  });
});

describe('following and mail settings', () => {
  it('follows and stops following a folder', async () => {
    const api = fakeApi({
      'GET /subscriptions/folder/5': { subscribed: false },
      'PUT /subscriptions/folder/5': { subscribed: true },
      'DELETE /subscriptions/folder/5': { subscribed: false },
    });
    renderScreen(<FollowButton target="folder" id={5} />);
    fireEvent.click(await screen.findByRole('button', { name: en('notifications.follow') }, SLOW));
    const following = await screen.findByRole('button', { name: en('notifications.following') }, SLOW);
    expect(following.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(following);
    await screen.findByRole('button', { name: en('notifications.follow') }, SLOW);
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /subscriptions/folder/5',
      'PUT /subscriptions/folder/5',
      'DELETE /subscriptions/folder/5',
    ]);
  });

  it('saves how I get notifications by mail', async () => {
    const api = fakeApi({
      'GET /notification-settings': { mail: 'off' },
      'PUT /notification-settings': { mail: 'daily' },
    });
    renderScreen(<NotificationSettingsSection />);
    const select = await screen.findByLabelText(en('notifications.mail'), {}, SLOW);
    fireEvent.change(select, { target: { value: 'daily' } });
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        mail: 'daily',
        language: 'en',
      }),
    );
  });

  it('chooses each type’s mail apart from the default, and sends the app’s language (French here)', async () => {
    const types = Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, 'daily']));
    const api = fakeApi({
      'GET /notification-settings': { mail: 'daily', types, language: 'fr' },
      'PUT /notification-settings': {
        mail: 'daily',
        types: { ...types, Mention: 'immediate' },
        language: 'fr',
      },
    });
    renderScreen(<NotificationSettingsSection />, { language: 'fr' });
    const group = await screen.findByRole('group', { name: fr('notifications.mail.byType') }, SLOW);
    const selects = within(group).getAllByRole('combobox');
    expect(selects).toHaveLength(NOTIFICATION_TYPES.length);
    const mention = within(group).getByLabelText(fr('notifications.type.Mention'));
    expect((mention as HTMLSelectElement).value).toBe('daily');
    expect(within(mention).getByRole('option', { name: fr('notifications.mail.immediate') })).toBeTruthy();
    mention.focus();
    fireEvent.change(mention, { target: { value: 'immediate' } });
    await waitFor(() =>
      expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
        mail: 'daily',
        types: { Mention: 'immediate' },
        language: 'fr',
      }),
    );
    await waitFor(() =>
      expect(
        (within(group).getByLabelText(fr('notifications.type.Mention')) as HTMLSelectElement).value,
      ).toBe('immediate'),
    );
  });
});
