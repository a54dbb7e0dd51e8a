// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONVERSION_TEXTS, type Preset } from '../../../../api/conversions.ts';
import { failure, fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { AdminScreen } from './admin-screen.tsx';

const preset = (fields: Partial<Preset>): Preset => ({
  id: 1,
  name: 'Web JPEG 2000 px sRGB',
  description: 'For web pages.',
  kind: 'image',
  platform: 'web',
  format: 'jpeg',
  width: 2000,
  height: 2000,
  scale: null,
  rotate: 0,
  startSeconds: null,
  durationSeconds: null,
  colorspace: 'srgb',
  destinationProfile: 'srgb',
  quality: 85,
  revision: 1,
  ...fields,
});
const PRESETS = [
  preset({}),
  preset({
    id: 2,
    name: 'Clip 720p',
    kind: 'video',
    format: 'mp4',
    width: null,
    height: 720,
    durationSeconds: 5,
    colorspace: null,
    destinationProfile: null,
  }),
];

describe('the conversion presets section', () => {
  it('lists each preset with what it converts, to what and for which platform', async () => {
    fakeApi({ 'GET /conversion-presets': PRESETS });
    renderScreen(<AdminScreen section="conversions" />);
    expect(await screen.findByText('Web JPEG 2000 px sRGB')).toBeTruthy();
    expect(screen.getByText('JPEG · 2000 × 2000 px · SRGB · ICC srgb')).toBeTruthy();
    expect(screen.getByText('MP4 · … × 720 px · 0–5 s')).toBeTruthy();
    expect(screen.getByText(en('preset.kind.video'))).toBeTruthy();
    expect(screen.getAllByText(en('preset.platform.web')).length).toBe(2);
  });

  it('checks a new preset with the shared schema before sending, then sends it', async () => {
    const api = fakeApi({
      'GET /conversion-presets': PRESETS,
      'POST /admin/conversion-presets': {
        status: 201,
        body: preset({ id: 3, name: 'Print', format: 'tiff' }),
      },
    });
    renderScreen(<AdminScreen section="conversions" />);
    fireEvent.click(await screen.findByRole('button', { name: en('admin.newPreset') }));
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Print' } });
    fireEvent.change(screen.getByLabelText(en('preset.colorspace')), { target: { value: 'cmyk' } });
    fireEvent.change(screen.getByLabelText(en('preset.format')), { target: { value: 'png' } });
    fireEvent.click(screen.getByRole('button', { name: en('app.create') }));
    expect(await screen.findByText(CONVERSION_TEXTS.cmykFormat)).toBeTruthy();
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(screen.getByLabelText(en('preset.format')), { target: { value: 'tiff' } });
    fireEvent.change(screen.getByLabelText(en('preset.width')), { target: { value: '3000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en('app.create') })));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Print',
      description: '',
      kind: 'image',
      platform: 'any',
      format: 'tiff',
      width: 3000,
      height: null,
      scale: null,
      rotate: 0,
      startSeconds: null,
      durationSeconds: null,
      colorspace: 'cmyk',
      destinationProfile: null,
      quality: 85,
    });
  });

  it("shows the server's refusal of a taken name beside the name", async () => {
    fakeApi({
      'GET /conversion-presets': PRESETS,
      'PUT /admin/conversion-presets/2': {
        status: 409,
        body: {
          error: {
            code: 'preset_exists',
            message: 'taken',
            user_message: CONVERSION_TEXTS.nameTaken,
            fields: { name: CONVERSION_TEXTS.nameTaken },
          },
        },
      },
    });
    renderScreen(<AdminScreen section="conversions" />);
    fireEvent.click(
      await screen.findByRole('button', { name: en('admin.editPreset', { name: 'Clip 720p' }) }),
    );
    expect((screen.getByLabelText(en('preset.duration')) as HTMLInputElement).value).toBe('5');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en('app.save') })));
    expect(await screen.findByText(CONVERSION_TEXTS.nameTaken)).toBeTruthy();
  });

  it('asks before deleting and keeps the refusal in the dialog', async () => {
    fakeApi({
      'GET /conversion-presets': PRESETS,
      'DELETE /admin/conversion-presets/1': failure(404, 'not_found', CONVERSION_TEXTS.presetNotFound),
    });
    renderScreen(<AdminScreen section="conversions" />);
    fireEvent.click(await screen.findByRole('button', { name: `${en('app.delete')} Web JPEG 2000 px sRGB` }));
    expect(
      await screen.findByText(en('admin.presetDeleteConfirm', { name: 'Web JPEG 2000 px sRGB' })),
    ).toBeTruthy();
    await act(async () =>
      fireEvent.click(screen.getAllByRole('button', { name: en('app.delete') }).at(-1) as Element),
    );
    expect(await screen.findByText(CONVERSION_TEXTS.presetNotFound)).toBeTruthy();
  });
});
