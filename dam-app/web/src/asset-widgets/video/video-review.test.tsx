// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Permission } from '../../../../api/accounts.ts';
import { ASSET_MESSAGES } from '../../../../api/asset-messages.ts';
import type { AssetView } from '../../../../api/assets.ts';
import type { Clip, Timeline } from '../../../../api/video-timeline.ts';
import { failure, fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { sampleSession } from '../../test-support/sample-session.ts';
import { PlayerTimeProvider, usePlayerTime } from './player-time.tsx';
import { VideoReview } from './video-review.tsx';

const VIDEO: AssetView = {
  id: 5,
  name: 'Interview',
  fileName: 'interview.mp4',
  description: '',
  dateCreated: '2026-01-01T00:00:00.000Z',
  dateAdded: '2026-01-01T00:00:00.000Z',
  fileType: 'MP4',
  mimeType: 'video/mp4',
  kind: 'video',
  size: 1000,
  colorProfile: null,
  dimensions: null,
  aspectRatio: null,
  renditions: [
    {
      name: 'web-preview',
      url: '/assets/5/renditions/web-preview',
      mimeType: 'video/mp4',
      width: 320,
      height: 180,
      size: 48_000,
    },
  ],
  versions: 1,
  keywords: [],
  folderId: 1,
  path: 'Library/interview.mp4',
  status: 'active',
  renditionState: 'done',
  checkedOutBy: null,
  checkedOutAt: null,
  metadata: {},
} as AssetView;

const clip = (id: number, name: string, exported: Partial<Clip['export']> = {}): Clip => ({
  id,
  versionNumber: 1,
  name,
  inSeconds: 1,
  outSeconds: 2.5,
  export: { state: 'none', as: null, progress: 0, error: null, assetId: null, ...exported },
});

const timeline = (changes: Partial<Timeline> = {}): Timeline => ({
  assetId: 5,
  versionNumber: 1,
  durationSeconds: 60,
  frameRate: 10,
  cuePoints: [{ id: 1, versionNumber: 1, timeSeconds: 1.5, label: 'Intro' }],
  clips: [],
  ...changes,
});

const EDITOR: Permission[] = ['file actions', 'new assets', 'downloadHiRes'];

/** What a neighbour of the player (the discussions) reads: the current time through the hook. */
function TimeReader() {
  return <output data-testid="read-time">{usePlayerTime().currentTime.toFixed(1)}</output>;
}

const draw = (permissions = EDITOR) =>
  renderScreen(
    <PlayerTimeProvider>
      <VideoReview asset={VIDEO} session={sampleSession({ permissions })} />
      <TimeReader />
    </PlayerTimeProvider>,
  );
/** The last request that changed something (a change is followed by the timeline fetched again). */
const lastChange = (calls: { method: string }[]) => calls.filter((call) => call.method !== 'GET').at(-1);
const press = (key: string) => act(async () => fireEvent.keyDown(screen.getByRole('slider'), { key }));
const timecode = () => screen.getByTestId('timecode').textContent;

describe('the video review view', () => {
  it('lists the cue points, draws the strip, and moves by frames and by 10 seconds from the keyboard', async () => {
    fakeApi({ 'GET /assets/5/timeline': timeline() });
    draw();
    const slider = await screen.findByRole('slider', { name: en('video.timeline') });
    expect(slider.querySelector('img')?.getAttribute('src')).toBe('/api/v1/assets/5/timeline/strip');
    const cues = screen.getByRole('table', { name: en('video.cuePoints') });
    expect(within(cues).getByText('Intro')).toBeTruthy();
    expect(
      within(cues).getByRole('button', { name: en('video.goTo', { name: 'Intro', time: '00:00:01:05' }) })
        .textContent,
    ).toBe('00:00:01:05');
    await press('ArrowRight');
    await press('ArrowRight');
    expect(timecode()).toBe('00:00:00:02 / 00:01:00:00');
    expect(slider.getAttribute('aria-valuetext')).toBe('00:00:00:02');
    await press('l');
    expect(timecode()).toMatch(/^00:00:10:02/);
    await press('j');
    await press('ArrowLeft');
    expect(timecode()).toMatch(/^00:00:00:01/);
    // The neighbour reads the same time through the hook.
    expect(screen.getByTestId('read-time').textContent).toBe('0.1');
    await act(async () =>
      fireEvent.click(
        within(cues).getByRole('button', { name: en('video.goTo', { name: 'Intro', time: '00:00:01:05' }) }),
      ),
    );
    expect(timecode()).toMatch(/^00:00:01:05/);
  });

  it('names a cue point at the current frame (M), and shows the spec’s text when the time is taken', async () => {
    const { calls } = fakeApi({
      'GET /assets/5/timeline': timeline(),
      'POST /assets/5/cue-points': failure(409, 'cue_time_taken', ASSET_MESSAGES.cueTimeTaken),
    });
    draw();
    await screen.findByRole('slider');
    await press('ArrowRight');
    await press('m');
    const name = screen.getByRole('textbox', { name: en('video.cueName') });
    await waitFor(() => expect(document.activeElement).toBe(name));
    fireEvent.change(name, { target: { value: 'Answer' } });
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: en('video.addCueAt', { time: '00:00:00:01' }) })),
    );
    expect(lastChange(calls)).toMatchObject({ method: 'POST', body: { label: 'Answer', timeSeconds: 0.1 } });
    expect(await screen.findByText(ASSET_MESSAGES.cueTimeTaken)).toBeTruthy();
  });

  it('makes a clip from the in and out marks, refusing an out before the in without asking the server', async () => {
    const { calls } = fakeApi({
      'GET /assets/5/timeline': timeline(),
      'POST /assets/5/clips': clip(3, 'Answer'),
    });
    draw();
    await screen.findByRole('slider');
    for (const key of ['l', 'o', 'j', 'ArrowRight', 'i']) await press(key);
    expect(screen.getByTestId('clip-marks').textContent).toBe(
      en('video.marks', { in: '00:00:00:01', out: '00:00:10:00' }),
    );
    fireEvent.change(screen.getByRole('textbox', { name: en('video.clipName') }), {
      target: { value: 'Answer' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en('video.addClip') })));
    expect(lastChange(calls)).toMatchObject({
      method: 'POST',
      body: { name: 'Answer', inSeconds: 0.1, outSeconds: 10 },
    });

    for (const key of ['l', 'l', 'i']) await press(key);
    const sent = calls.length;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en('video.addClip') })));
    expect(await screen.findByText(ASSET_MESSAGES.clipDurationInvalid)).toBeTruthy();
    expect(calls.length).toBe(sent);
  });

  it('exports a clip and shows its progress, its failure’s text, and the way to the result', async () => {
    const { calls } = fakeApi({
      'GET /assets/5/timeline': timeline({
        clips: [
          clip(1, 'Waiting'),
          clip(2, 'Running', { state: 'running', as: 'asset', progress: 40 }),
          clip(3, 'Broken', { state: 'failed', as: 'download', error: 'interview (Broken).mp4: it broke' }),
          clip(4, 'Ready', { state: 'ready', as: 'download', progress: 100 }),
          clip(5, 'Made', { state: 'ready', as: 'asset', progress: 100, assetId: 77 }),
          clip(6, 'Trimmed', { state: 'ready', as: 'version', progress: 100, assetId: 5 }),
          clip(7, 'Docked', { state: 'ready', as: 'dock', progress: 100 }),
        ],
      }),
      'POST /assets/5/clips/1/export': clip(1, 'Waiting', { state: 'queued', as: 'asset' }),
      'POST /assets/5/clips/7/export': clip(7, 'Docked', { state: 'queued', as: 'dock' }),
      'POST /assets/5/clips/6/export': clip(6, 'Trimmed', { state: 'queued', as: 'version' }),
    });
    draw();
    const clips = await screen.findByRole('list', { name: en('video.clips') });
    await act(async () =>
      fireEvent.click(
        within(clips).getByRole('button', { name: en('video.exportAssetOf', { name: 'Waiting' }) }),
      ),
    );
    expect(lastChange(calls)).toMatchObject({
      method: 'POST',
      path: '/assets/5/clips/1/export',
      body: { as: 'asset' },
    });
    expect(
      within(clips).getByRole('progressbar', { name: en('video.exportProgressOf', { name: 'Running' }) }),
    ).toBeTruthy();
    expect(within(clips).getByText(en('video.exporting', { percent: 40 }))).toBeTruthy();
    expect(within(clips).getByTestId('clip-export-error').textContent).toBe(
      'interview (Broken).mp4: it broke',
    );
    expect(
      within(clips)
        .getByRole('link', { name: en('video.downloadClip') })
        .getAttribute('href'),
    ).toBe('/api/v1/assets/5/clips/4/file');
    expect(
      within(clips)
        .getByRole('link', { name: en('video.openClipAsset') })
        .getAttribute('href'),
    ).toContain('77');
    // A clip made the video's new version: the way to its versions; and a new version is asked for by its button.
    expect(
      within(clips)
        .getByRole('link', { name: en('video.openClipVersion') })
        .getAttribute('href'),
    ).toBe('#/asset/5?tab=versions');
    await act(async () =>
      fireEvent.click(
        within(clips).getByRole('button', { name: en('video.exportVersionOf', { name: 'Trimmed' }) }),
      ),
    );
    expect(lastChange(calls)).toMatchObject({ path: '/assets/5/clips/6/export', body: { as: 'version' } });
    // A clip put into the loading dock: the way to the dock; and the dock is asked for by its button.
    expect(
      within(clips)
        .getByRole('link', { name: en('video.openClipDock') })
        .getAttribute('href'),
    ).toBe('#/loading-dock');
    await act(async () =>
      fireEvent.click(
        within(clips).getByRole('button', { name: en('video.exportDockOf', { name: 'Docked' }) }),
      ),
    );
    expect(lastChange(calls)).toMatchObject({ path: '/assets/5/clips/7/export', body: { as: 'dock' } });
  });

  it('shows a person without file actions the lists only, and offers each export only with its permission', async () => {
    fakeApi({ 'GET /assets/5/timeline': timeline({ clips: [clip(1, 'Answer')] }) });
    const { unmount } = draw(['facet browsing']);
    await screen.findByRole('slider');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: en('video.deleteCue', { name: 'Intro' }) })).toBeNull();
    expect(screen.queryByRole('button', { name: en('video.exportAssetOf', { name: 'Answer' }) })).toBeNull();
    unmount();
    draw(['file actions']);
    await screen.findByRole('slider');
    expect(screen.queryByRole('button', { name: en('video.exportAssetOf', { name: 'Answer' }) })).toBeNull();
    expect(
      screen.getByRole('button', { name: en('video.exportVersionOf', { name: 'Answer' }) }),
    ).toBeTruthy();
    expect(
      screen.queryByRole('button', { name: en('video.exportDownloadOf', { name: 'Answer' }) }),
    ).toBeNull();
    expect(screen.queryByRole('button', { name: en('video.exportDockOf', { name: 'Answer' }) })).toBeNull();
    expect(screen.getByRole('button', { name: en('video.deleteClip', { name: 'Answer' }) })).toBeTruthy();
  });
});
