// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { drawRoute, SLOW, serverFailure } from '../../test-support/draw-route.tsx';
import { failure, fakeApi } from '../../test-support/fake-api.ts';
import { en, enSpec } from '../../test-support/render-screen.tsx';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const share = {
  id: 3,
  name: 'Spring shoot',
  message: '',
  recipients: ['ann@client.example'],
  licensingText: 'Press only',
  hasPassword: true,
  expiresAt: '2030-05-01T21:59:59.999Z',
  maxDownloads: 2,
  downloadCount: 1,
  state: 'active',
  assetCount: 3,
  createdAt: '2030-04-01T10:00:00.000Z',
  downloads: [
    {
      at: '2030-04-02T10:00:00.000Z',
      completedAt: '2030-04-02T10:01:00.000Z',
      ip: '203.0.113.9',
      method: 'http-zip',
      counted: true,
    },
    {
      at: '2030-04-03T10:00:00.000Z',
      completedAt: null,
      ip: '198.51.100.4',
      method: 'http-files',
      counted: false,
    },
  ],
};
const openShare = {
  locked: false,
  name: 'Spring shoot',
  message: 'Here they are',
  licensingText: 'Use for <b>press</b> only.',
  expiresAt: '2030-05-01T21:59:59.999Z',
  downloadsLeft: 1,
  accepted: false,
  items: [
    {
      id: 7,
      fileName: 'photo.jpg',
      size: 150_000,
      kind: 'image',
      mimeType: 'image/jpeg',
      thumbnail: true,
      preview: true,
    },
  ],
  goneCount: 2,
  totalSize: 150_000,
};

describe('Shares', () => {
  it('says there are none', async () => {
    fakeApi({ 'GET /shares': { items: [], maxExpirationDays: 90 } });
    drawRoute({ name: 'shares' });
    expect(await screen.findByText(en('shares.empty'), {}, SLOW)).toBeTruthy();
  });
  it("shows the server's message", async () => {
    fakeApi({ 'GET /shares': serverFailure });
    drawRoute({ name: 'shares' });
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain(enSpec('operationFailed'));
  });
  it('lists each share with its count and, on demand, its downloads: where from, how, complete or not', async () => {
    fakeApi({ 'GET /shares': { items: [share], maxExpirationDays: 90 } });
    drawRoute({ name: 'shares' });
    expect(await screen.findByText('Spring shoot', {}, SLOW)).toBeTruthy();
    expect(screen.getByText(new RegExp(en('shares.countOfMax', { count: 1, max: 2 })))).toBeTruthy();
    fireEvent.click(
      screen.getByRole('button', {
        name: new RegExp(en('shares.showDownloadsOf', { name: 'Spring shoot' })),
      }),
    );
    expect(
      await screen.findByText(
        new RegExp(`203\\.0\\.113\\.9 · ${en('shares.method.http-zip')} · ${en('shares.counted')}`),
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        new RegExp(`198\\.51\\.100\\.4 · ${en('shares.method.http-files')} · ${en('shares.incomplete')}`),
      ),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: en('shares.revokeNamed', { name: 'Spring shoot' }) }),
    ).toBeTruthy();
  });
});

describe('A shared link', () => {
  it('asks for the password and shows nothing of the share before it', async () => {
    fakeApi({ [`GET /s/${TOKEN}`]: { locked: true } });
    drawRoute({ name: 'share', token: TOKEN });
    expect(await screen.findByLabelText(new RegExp(en('share.password')), {}, SLOW)).toBeTruthy();
    expect(screen.queryByText('Spring shoot')).toBeNull();
  });
  it('answers an exhausted share with the spec text only', async () => {
    fakeApi({ [`GET /s/${TOKEN}`]: failure(410, 'share_exhausted', enSpec('downloadMaximumReached')) });
    drawRoute({ name: 'share', token: TOKEN });
    expect((await screen.findByRole('alert', {}, SLOW)).textContent).toBe(enSpec('downloadMaximumReached'));
  });
  it('shows the licensing text as text, the files, what is gone, and no download before the licence is accepted', async () => {
    fakeApi({ [`GET /s/${TOKEN}`]: openShare });
    drawRoute({ name: 'share', token: TOKEN });
    expect(await screen.findByText('Use for <b>press</b> only.', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('photo.jpg')).toBeTruthy();
    expect(screen.getByText(en('share.gone', { count: 2 }))).toBeTruthy();
    expect(screen.queryByText(en('share.download'))).toBeNull();
    expect(screen.getByRole('button', { name: en('share.accept') }).hasAttribute('disabled')).toBe(true);
  });
  it('shows a file with no preview as a tile naming its type, not an empty box', async () => {
    const document = {
      id: 8,
      fileName: 'terms.v2.PDF',
      size: 9_000,
      kind: 'document',
      mimeType: 'application/pdf',
      thumbnail: false,
      preview: false,
    };
    fakeApi({ [`GET /s/${TOKEN}`]: { ...openShare, items: [...openShare.items, document] } });
    drawRoute({ name: 'share', token: TOKEN });
    expect(await screen.findByText('terms.v2.PDF', {}, SLOW)).toBeTruthy();
    const tiles = screen.getAllByTestId('file-type-tile');
    expect(tiles.map((tile) => tile.textContent)).toEqual(['PDF']);
  });
});
