// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MessageKey } from '../i18n/messages-en.ts';
import type { Route } from '../router/routes.ts';
import { drawRoute, SLOW, serverFailure } from '../test-support/draw-route.tsx';
import { failure, fakeApi, NEVER } from '../test-support/fake-api.ts';
import { en, enSpec } from '../test-support/render-screen.tsx';

// The sign-in, account and API key screens in each of their states.
const loading = () => screen.findByLabelText(en('app.loading'), {}, SLOW);
const alertText = async () =>
  (await screen.findAllByRole('alert', {}, SLOW)).map((each) => each.textContent).join(' ');

/** The forms that ask the server nothing until sent: each shows its heading at once. */
const FORMS: { route: Route; title: MessageKey }[] = [
  { route: { name: 'login' }, title: 'login.title' },
  { route: { name: 'forgot-password' }, title: 'forgot.title' },
  { route: { name: 'reset-password', token: 'abc' }, title: 'reset.title' },
  { route: { name: 'create-account' }, title: 'create.title' },
  { route: { name: 'activate' }, title: 'activate.title' },
  { route: { name: 'change-password' }, title: 'change.title' },
];

describe.each(FORMS)('the $route.name form', ({ route, title }) => {
  it('shows its heading without asking the server', async () => {
    const { calls } = fakeApi({});
    drawRoute(route);
    expect(await screen.findByRole('heading', { name: en(title) }, SLOW)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('An invitation', () => {
  it('shows placeholders while loading', async () => {
    fakeApi({}, { others: NEVER });
    drawRoute({ name: 'invitation', id: 'abc' });
    expect(await loading()).toBeTruthy();
  });
  it("shows the server's message for one that is no longer open", async () => {
    fakeApi({ 'GET /invitations/abc': failure(404, 'not_found', enSpec('notFound')) });
    drawRoute({ name: 'invitation', id: 'abc' });
    expect(await alertText()).toContain(enSpec('notFound'));
  });
});

describe('Account settings', () => {
  it('shows placeholders while loading', async () => {
    fakeApi({}, { others: NEVER });
    drawRoute({ name: 'account' });
    expect(await loading()).toBeTruthy();
  });
  it("shows the server's message", async () => {
    fakeApi({ 'GET /account': serverFailure, 'GET /notification-settings': { mail: 'off' } });
    drawRoute({ name: 'account' });
    expect(await alertText()).toContain(enSpec('operationFailed'));
  });
});

describe('API keys', () => {
  it('shows placeholders while loading', async () => {
    fakeApi({}, { others: NEVER });
    drawRoute({ name: 'api-keys' });
    expect(await loading()).toBeTruthy();
  });
  it('says there are none', async () => {
    fakeApi({ 'GET /api-keys': [] });
    drawRoute({ name: 'api-keys' });
    expect(await screen.findByText(en('apiKeys.empty'), {}, SLOW)).toBeTruthy();
  });
  it("shows the server's message", async () => {
    fakeApi({ 'GET /api-keys': serverFailure });
    drawRoute({ name: 'api-keys' });
    expect(await alertText()).toContain(enSpec('operationFailed'));
  });
});
