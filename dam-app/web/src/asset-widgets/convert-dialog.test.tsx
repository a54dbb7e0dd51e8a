// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ASSET_MESSAGES } from '../../../api/asset-messages.ts';
import type { AssetView } from '../../../api/assets.ts';
import type { Preset } from '../../../api/conversions.ts';
import { failure, fakeApi, NEVER } from '../test-support/fake-api.ts';
import { en, renderScreen } from '../test-support/render-screen.tsx';
import { ConvertDialog } from './convert-dialog.tsx';

const preset = (id: number, name: string, kind: Preset['kind'], format: Preset['format']): Preset => ({
  id,
  name,
  description: '',
  kind,
  platform: 'any',
  format,
  width: null,
  height: null,
  scale: null,
  rotate: 0,
  startSeconds: null,
  durationSeconds: null,
  colorspace: null,
  destinationProfile: null,
  quality: 85,
  revision: 1,
});
const PRESETS = [
  preset(1, 'Web JPEG 2000 px sRGB', 'image', 'jpeg'),
  preset(2, 'Web video 720p', 'video', 'mp4'),
  preset(3, 'Audio MP3', 'audio', 'mp3'),
];
const asset = (id: number, fileName: string, kind: AssetView['kind']): AssetView => ({
  id,
  name: fileName,
  fileName,
  description: '',
  dateCreated: '2026-01-01T00:00:00.000Z',
  dateAdded: '2026-01-01T00:00:00.000Z',
  fileType: kind,
  mimeType: 'application/octet-stream',
  kind,
  size: 1000,
  colorProfile: null,
  dimensions: null,
  aspectRatio: null,
  renditions: [],
  versions: 1,
  keywords: [],
  folderId: 1,
  path: `Library/${fileName}`,
  status: 'active',
  renditionState: 'done',
  checkedOutBy: null,
  checkedOutAt: null,
  metadata: {},
});
const DOCK = {
  loadingDockId: 4,
  notificationId: 'abcdefgh12',
  state: 'preparing',
  totalSize: 10,
  placedSize: 0,
  files: [],
  items: [{ assetId: 7, fileName: 'a.jpg', size: 10, presetId: 1, state: 'pending' }],
  neededBytes: 0,
  freeBytes: 1000,
};
const draw = (ids: number[]) => renderScreen(<ConvertDialog open assetIds={ids} onClose={() => {}} />);
const send = () => act(async () => fireEvent.click(screen.getByRole('button', { name: en('convert.send') })));

describe('the Convert dialog', () => {
  it('shows placeholders while the presets load, and cannot send yet', async () => {
    fakeApi({ 'GET /conversion-presets': NEVER });
    draw([7]);
    expect(await screen.findByLabelText(en('app.loading'))).toBeTruthy();
    expect((screen.getByRole('button', { name: en('convert.send') }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('says there are no presets yet', async () => {
    fakeApi({ 'GET /conversion-presets': [] });
    draw([7]);
    expect(await screen.findByText(en('convert.noPresets'))).toBeTruthy();
  });

  it("shows the server's message when the presets cannot be read", async () => {
    fakeApi({ 'GET /conversion-presets': failure(500, 'server_error', 'The operation failed.') });
    draw([7]);
    expect((await screen.findByRole('alert')).textContent).toContain('The operation failed.');
  });

  it('sends every selected asset with one preset to the Loading Dock', async () => {
    const api = fakeApi({
      'GET /conversion-presets': PRESETS,
      'POST /loading-dock': { status: 201, body: DOCK },
    });
    draw([7, 8]);
    fireEvent.change(await screen.findByLabelText(en('convert.preset')), { target: { value: '2' } });
    await send();
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      items: [
        { assetId: 7, presetId: 2 },
        { assetId: 8, presetId: 2 },
      ],
    });
  });

  it('offers each asset the presets that read its kind, and leaves out the one not to convert', async () => {
    const api = fakeApi({
      'GET /conversion-presets': PRESETS,
      'GET /assets/7': asset(7, 'photo.jpg', 'image'),
      'GET /assets/8': asset(8, 'clip.mp4', 'video'),
      'POST /loading-dock': { status: 201, body: DOCK },
    });
    draw([7, 8]);
    fireEvent.click(await screen.findByLabelText(en('convert.eachOwn')));
    const photo = (await screen.findByLabelText(
      en('convert.presetFor', { name: 'photo.jpg' }),
    )) as HTMLSelectElement;
    const clip = screen.getByLabelText(en('convert.presetFor', { name: 'clip.mp4' })) as HTMLSelectElement;
    expect([...photo.options].map((option) => option.text)).toEqual([
      en('convert.skip'),
      'Web JPEG 2000 px sRGB',
    ]);
    expect([...clip.options].map((option) => option.text)).toEqual([
      en('convert.skip'),
      'Web video 720p',
      'Audio MP3',
    ]);
    fireEvent.change(clip, { target: { value: '3' } });
    fireEvent.change(photo, { target: { value: '' } });
    await send();
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      items: [{ assetId: 8, presetId: 3 }],
    });
  });

  it("keeps the dialog open with the dock's refusal", async () => {
    const message = ASSET_MESSAGES.loadingDockTooLarge;
    fakeApi({
      'GET /conversion-presets': PRESETS,
      'POST /loading-dock': failure(413, 'loading_dock_too_large', message),
    });
    draw([9]);
    await screen.findByLabelText(en('convert.preset'));
    await send();
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByRole('button', { name: en('convert.send') })).toBeTruthy();
  });
});
