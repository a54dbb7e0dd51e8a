// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../api/messages.ts';
import { drawRoute, SLOW } from '../../test-support/draw-route.tsx';
import { failure, fakeApi } from '../../test-support/fake-api.ts';
import { en } from '../../test-support/render-screen.tsx';

const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const portal = {
  id: 5,
  name: 'Press room',
  description: 'For journalists',
  terms: 'Editorial use',
  hasPassword: false,
  published: false,
  state: 'unpublished',
  expiresAt: '2030-05-01T21:59:59.999Z',
  maxDownloads: 10,
  downloadCount: 3,
  collectionIds: [1, 2],
  folderIds: [7],
  createdAt: '2030-04-01T10:00:00.000Z',
  hasLogo: false,
  hasFavicon: false,
  renditions: ['original'],
};
const open = {
  locked: false,
  name: 'Press room',
  description: 'For <journalists>',
  terms: 'Use for <b>press</b> only.',
  accepted: false,
  expiresAt: '2030-05-01T21:59:59.999Z',
  downloadsLeft: 7,
  items: [
    {
      id: 7,
      fileName: 'dawn.jpg',
      size: 1000,
      kind: 'image',
      mimeType: 'image/jpeg',
      thumbnail: false,
      preview: false,
      downloads: ['original', 'preview'],
    },
  ],
  hasLogo: false,
  hasFavicon: false,
  total: 1,
};

describe('Portals', () => {
  it('says there are none', async () => {
    fakeApi({ 'GET /portals': { items: [], maxExpirationDays: 365 } });
    drawRoute({ name: 'portals' });
    expect(await screen.findByText(en('portals.empty'), {}, SLOW)).toBeTruthy();
  });
  it('lists each portal with its state, downloads and sources, and publishes it at a press', async () => {
    const { calls } = fakeApi({
      'GET /portals': { items: [portal], maxExpirationDays: 365 },
      'POST /portals/5/publish': { ...portal, published: true, state: 'published' },
    });
    drawRoute({ name: 'portals' });
    expect(await screen.findByText('Press room', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(en('portals.state.unpublished'))).toBeTruthy();
    expect(screen.getByText(new RegExp(en('shares.countOfMax', { count: 3, max: 10 })))).toBeTruthy();
    expect(screen.getByText(en('portals.sourceCount', { collections: 2, folders: 1 }))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en('portals.publishNamed', { name: 'Press room' }) }));
    await waitFor(() => expect(calls.some((call) => call.path === '/portals/5/publish')).toBe(true));
  });
  it("shows a portal's download log at a press on its count: which file or a zip, from where, counted or not", async () => {
    fakeApi({
      'GET /portals': { items: [portal], maxExpirationDays: 365 },
      'GET /portals/5/downloads': {
        items: [
          {
            id: 3,
            at: '2030-04-04T10:00:00.000Z',
            method: 'rapid',
            fileName: null,
            ip: '192.0.2.7',
            userAgent: 'Firefox',
            counted: false,
            completedAt: null,
          },
          {
            id: 2,
            at: '2030-04-03T10:00:00.000Z',
            method: 'http-zip',
            fileName: null,
            ip: '203.0.113.9',
            userAgent: 'curl',
            counted: true,
            completedAt: '2030-04-03T10:00:01.000Z',
          },
          {
            id: 1,
            at: '2030-04-02T10:00:00.000Z',
            method: 'http-file',
            fileName: 'dawn.jpg',
            ip: '198.51.100.4',
            userAgent: 'curl',
            counted: false,
            completedAt: '2030-04-02T10:00:01.000Z',
          },
        ],
      },
    });
    drawRoute({ name: 'portals' });
    fireEvent.click(
      await screen.findByRole(
        'button',
        { name: new RegExp(en('shares.showDownloadsOf', { name: 'Press room' })) },
        SLOW,
      ),
    );
    expect(await screen.findByText(literally(`zip · 203.0.113.9 · ${en('shares.counted')}`))).toBeTruthy();
    expect(screen.getByText(literally(`dawn.jpg · 198.51.100.4 · ${en('shares.refused')}`))).toBeTruthy();
    // A Rapid download the node has not finished is shown as not complete, not as refused.
    expect(
      screen.getByText(literally(`${en('shares.method.rapid')} · 192.0.2.7 · ${en('shares.incomplete')}`)),
    ).toBeTruthy();
  });
});

describe('A portal page', () => {
  it('shows an unpublished portal as its state only', async () => {
    fakeApi({ [`GET /p/${TOKEN}`]: failure(410, 'portal_unpublished', MESSAGES.portalUnpublished) });
    drawRoute({ name: 'portal', token: TOKEN });
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe(MESSAGES.portalUnpublished);
  });
  it('asks for the password and shows nothing of the portal before it', async () => {
    fakeApi({ [`GET /p/${TOKEN}`]: { locked: true } });
    drawRoute({ name: 'portal', token: TOKEN });
    expect(await screen.findByText(en('portal.passwordIntro'), {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('Press room')).toBeNull();
  });
  it('shows the terms as text and no download before they are accepted, and searches within the portal', async () => {
    const { fetcher } = fakeApi({ [`GET /p/${TOKEN}`]: open });
    drawRoute({ name: 'portal', token: TOKEN });
    expect(await screen.findByText('Use for <b>press</b> only.', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('For <journalists>')).toBeTruthy();
    expect(screen.getByText('dawn.jpg')).toBeTruthy();
    expect(screen.queryByText(en('share.download'))).toBeNull();
    expect(screen.getByRole('button', { name: en('share.accept') }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByRole('searchbox', { name: en('portal.search') }), {
      target: { value: 'dawn' },
    });
    fireEvent.click(screen.getByRole('button', { name: en('portal.searchButton') }));
    await waitFor(() =>
      expect(
        fetcher.mock.calls.some(
          ([input]) => new URL(String(input), 'http://dam.test').searchParams.get('q') === 'dawn',
        ),
      ).toBe(true),
    );
  });
  it('shows its logo and favicon, and once the terms are accepted offers all or the chosen files as one zip', async () => {
    fakeApi({
      [`GET /p/${TOKEN}`]: { ...open, terms: '', accepted: true, hasLogo: true, hasFavicon: true },
      [`POST /p/${TOKEN}/unlock`]: { grant: 'g.a.mac' },
    });
    drawRoute({ name: 'portal', token: TOKEN });
    const logo = await screen.findByRole('img', { name: en('portal.logoOf', { name: 'Press room' }) }, SLOW);
    expect(logo.getAttribute('src')).toContain(`/p/${TOKEN}/logo`);
    expect(document.head.querySelector('link[rel="icon"][data-portal]')?.getAttribute('href')).toContain(
      `/p/${TOKEN}/favicon`,
    );
    const all = screen.getByRole('link', { name: en('portal.downloadAll') });
    expect(all.getAttribute('href')).toContain(`/p/${TOKEN}/zip`);
    fireEvent.click(screen.getByRole('checkbox', { name: en('portal.choose', { name: 'dawn.jpg' }) }));
    // The renditions the portal offers, each its own link.
    const preview = screen.getByRole('link', {
      name: en('portal.downloadRendition', { what: en('portals.rendition.preview'), name: 'dawn.jpg' }),
    });
    expect(preview.getAttribute('href')).toContain(`/p/${TOKEN}/items/7/renditions/preview`);
    const chosen = await screen.findByRole('link', { name: en('portal.downloadChosen', { count: 1 }) });
    expect(new URL(chosen.getAttribute('href') ?? '', 'http://dam.test').searchParams.get('ids')).toBe('7');
    // Rapid is offered beside the zip (the share's button); without the client it says what to install.
    expect(await screen.findByRole('button', { name: en('share.rapid') }, SLOW)).toBeTruthy();
  });
});
