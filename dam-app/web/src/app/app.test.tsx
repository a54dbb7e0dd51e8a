// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NoClient } from '../test-support/draw-route.tsx';
import { fakeApi, NEVER } from '../test-support/fake-api.ts';
import { en, enSpec, renderScreen } from '../test-support/render-screen.tsx';
import { sampleSession } from '../test-support/sample-session.ts';
import { App } from './app.tsx';

const LONG = { timeout: 10_000 };

const signedIn = (isAdmin: boolean) =>
  fakeApi(
    { 'GET /session/state': { session: sampleSession({ isAdmin }), timedOut: false } },
    { others: NEVER },
  );

describe('the app draws the screen the route table names', () => {
  beforeEach(() => {
    window.location.hash = '';
    vi.stubGlobal('WebSocket', NoClient);
    vi.stubGlobal('XMLHttpRequest', NoClient);
  });

  it('shows placeholders while the session is checked', async () => {
    fakeApi({ 'GET /session/state': NEVER });
    renderScreen(<App />);
    expect(await screen.findByLabelText(en('app.loading'))).toBeTruthy();
  });

  it('tells someone who is not an administrator that the administration is not for them', async () => {
    window.location.hash = '#/admin/groups';
    const { calls } = signedIn(false);
    renderScreen(<App />);
    expect((await screen.findByRole('alert', {}, LONG)).textContent).toContain(enSpec('notAdministrator'));
    expect(screen.getByRole('heading', { name: en('admin.title') })).toBeTruthy();
    expect(calls.map((call) => call.path)).not.toContain('/admin/groups');
  });

  it('shows an administrator the section the address names', async () => {
    window.location.hash = '#/admin/groups';
    signedIn(true);
    renderScreen(<App />);
    expect(
      await screen.findByRole('heading', { name: `${en('admin.title')} — ${en('admin.groups')}` }, LONG),
    ).toBeTruthy();
  });

  it('says an unknown address names nothing, with the way home', async () => {
    window.location.hash = '#/nowhere';
    signedIn(false);
    renderScreen(<App />);
    expect((await screen.findByRole('alert', {}, LONG)).textContent).toContain(en('app.notFound'));
    expect(screen.getByRole('link', { name: en('app.home') })).toBeTruthy();
  });

  it('shows a public screen to nobody signed in, and the login for any other address', async () => {
    window.location.hash = '#/forgot-password';
    fakeApi({ 'GET /session/state': { session: null, timedOut: false } }, { others: NEVER });
    const first = renderScreen(<App />);
    expect(await screen.findByRole('heading', { name: en('forgot.title') })).toBeTruthy();
    first.unmount();
    window.location.hash = '#/carts';
    renderScreen(<App />);
    expect(await screen.findByRole('heading', { name: en('login.title') })).toBeTruthy();
  });
});
