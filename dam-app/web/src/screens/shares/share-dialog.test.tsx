// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { permissionNames } from '../../../../api/accounts.ts';
import { drawRoute, holder, SLOW } from '../../test-support/draw-route.tsx';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en } from '../../test-support/render-screen.tsx';
import { selectionActions } from '../browse/selection-dialogs.tsx';

const asset = (id: number) => ({
  id,
  name: `pic${id}`,
  fileName: `pic${id}.jpg`,
  description: '',
  dateCreated: '2030-04-01T10:00:00.000Z',
  dateAdded: '2030-04-01T10:00:00.000Z',
  fileType: 'JPEG',
  mimeType: 'image/jpeg',
  kind: 'image',
  size: 1000,
  colorProfile: null,
  dimensions: null,
  aspectRatio: null,
  renditions: [],
  versions: 1,
  keywords: [],
  folderId: 1,
  path: `Library/pic${id}.jpg`,
  status: 'active',
  renditionState: 'done',
  checkedOutBy: null,
  checkedOutAt: null,
  metadata: {},
});
const collection = {
  id: 4,
  name: 'Autumn',
  description: '',
  owner: 'ada',
  sharedWithGroupId: null,
  modifiable: false,
  public: false,
  bundle: false,
  expiresAt: null,
  assetCount: 2,
};
const LINK = 'http://dam.test/#share=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const created = {
  link: LINK,
  share: {
    id: 3,
    name: 'Autumn',
    message: '',
    recipients: [],
    licensingText: '',
    hasPassword: false,
    expiresAt: '2030-05-01T21:59:59.999Z',
    maxDownloads: null,
    downloadCount: 0,
    state: 'active',
    assetCount: 2,
    createdAt: '2030-04-01T10:00:00.000Z',
    downloads: [],
  },
};
const routes = {
  'GET /collections': [collection],
  'GET /groups/mine': [],
  'GET /collections/4/assets': { items: [asset(1), asset(2)] },
  'GET /carts': [],
  'GET /shares': { items: [], maxExpirationDays: 30 },
  'POST /shares': { status: 201, body: created },
};
const share = () => screen.findByRole('button', { name: en('shares.menu') }, SLOW);

describe('Share… from a collection', () => {
  it('opens the share editor on that collection, its name prefilled, then shows the new link once', async () => {
    const { calls } = fakeApi(routes, { others: { items: [] } });
    drawRoute({ name: 'collection', id: 4 });
    fireEvent.click(await share());
    const name = (await screen.findByLabelText(new RegExp(en('field.name')), {}, SLOW)) as HTMLInputElement;
    expect(name.value).toBe('Autumn');
    // The source is the collection: nothing to pick.
    expect(screen.queryByText(en('shares.pickSource'))).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: en('shares.create') }));
    const link = (await screen.findByTestId('share-link', {}, SLOW)) as HTMLInputElement;
    expect(link.value).toBe(LINK);
    const made = calls.find((call) => call.method === 'POST' && call.path === '/shares');
    expect(made?.body).toMatchObject({ name: 'Autumn', from: { collectionId: 4 }, maxDownloads: null });
  });
  it('is not offered to someone who may not share outside the DAM', async () => {
    fakeApi(routes, { others: { items: [] } });
    drawRoute(
      { name: 'collection', id: 4 },
      holder(permissionNames.filter((permission) => permission !== 'externalShare')),
    );
    await screen.findByText('pic1.jpg', {}, SLOW);
    await waitFor(() => expect(screen.queryByRole('button', { name: en('shares.menu') })).toBeNull());
  });
});

describe('Share… on a selection', () => {
  it('is among the selection actions only for someone who may share outside the DAM and download', () => {
    expect(selectionActions(holder())).toContain('share');
    expect(
      selectionActions(holder(permissionNames.filter((permission) => permission !== 'externalShare'))),
    ).not.toContain('share');
    const noDownloads = holder();
    noDownloads.features.allowDownload = false;
    expect(selectionActions(noDownloads)).not.toContain('share');
  });
});
