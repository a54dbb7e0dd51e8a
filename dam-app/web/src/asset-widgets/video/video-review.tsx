import { Box, Button, Center, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { SessionView } from '../../../../api/accounts.ts';
import type { AssetView } from '../../../../api/assets.ts';
import { timelineStrip } from '../../../../api/contract/video-timeline-endpoints.ts';
import { VIDEO_SKIP_SECONDS } from '../../../../api/video-timeline.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { allows, mayDownload, mayEditAsset } from '../asset-access.ts';
import { renditionUrl } from '../asset-preview.tsx';
import { ClipsPanel } from './clips-panel.tsx';
import { CuePointsPanel } from './cue-points-panel.tsx';
import { type PlayerAction, playerAction, typingInField } from './player-keys.ts';
import { usePlayerStore, usePlayerTime } from './player-time.tsx';
import { formatTimecode, frameSeconds, snapToFrame } from './timecode.ts';
import { type Marks, TimelineBar } from './timeline-bar.tsx';
import { useTimeline, useTimelineChanges } from './timeline-queries.ts';

const named = (asset: AssetView, name: string) => asset.renditions.find((each) => each.name === name);

/**
 * A video's review view: the web preview with a transport bar and the player's keys, the timeline of thumbnails with
 * cue points, clips and in/out marks, and the cue point and clip lists. Other parts of the asset view read the time
 * through `usePlayerTime` (player-time.tsx).
 */
export function VideoReview({ asset, session }: { asset: AssetView; session: SessionView }) {
  const { t } = usePreferences();
  const store = usePlayerStore();
  const player = usePlayerTime();
  const timeline = useTimeline(asset.id);
  const changes = useTimelineChanges(asset.id);
  const [marks, setMarks] = useState<Marks>({ in: null, out: null });
  const [cueFocus, setCueFocus] = useState(0);
  const video = named(asset, 'web-preview');
  const poster = named(asset, 'poster');
  const rate = timeline.data?.frameRate ?? null;
  const duration = timeline.data?.durationSeconds ?? player.duration ?? 0;
  const editable = mayEditAsset(asset, session);

  const run = (action: PlayerAction) => {
    const element = store.element();
    const now = player.currentTime;
    const step = frameSeconds(rate);
    switch (action) {
      case 'togglePlay':
        if (element?.paused) void element.play().catch(() => undefined);
        else element?.pause();
        return;
      case 'skipBack':
        return player.seek(now - VIDEO_SKIP_SECONDS);
      case 'skipForward':
        return player.seek(now + VIDEO_SKIP_SECONDS);
      case 'frameBack':
      case 'frameForward':
        element?.pause();
        return player.seek(snapToFrame(now, rate) + (action === 'frameBack' ? -step : step) + step / 10);
      case 'setIn':
        return setMarks((current) => ({ ...current, in: snapToFrame(now, rate) }));
      case 'setOut':
        return setMarks((current) => ({ ...current, out: snapToFrame(now, rate) }));
      case 'addCue':
        return editable && setCueFocus((count) => count + 1);
    }
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (typingInField(event.target)) return;
    // Space on a button presses it; elsewhere it plays and pauses.
    if (event.key === ' ' && (event.target as HTMLElement).closest('button, a')) return;
    const action = playerAction(event);
    if (!action) return;
    event.preventDefault();
    run(action);
  };
  // A symbol (‹ ▶ ›) is named by its label; a word ("+10 s", "In") keeps its text as its name, the label as its tip.
  const control = (action: PlayerAction, label: string, text: string, symbol = false) => (
    <Button
      size="sm"
      px="2.5"
      variant="outline"
      onClick={() => run(action)}
      aria-label={symbol ? label : undefined}
      title={label}
    >
      {text}
    </Button>
  );

  if (!video) return null;
  return (
    <Stack gap="3" role="group" aria-label={t('video.player')} onKeyDown={onKeyDown}>
      <Center bg="black" rounded="md" overflow="hidden">
        {/* biome-ignore lint/a11y/useMediaCaption: the web preview is the asset itself; it has no caption track */}
        <video
          ref={store.attach}
          controls
          preload="metadata"
          src={renditionUrl(video.url)}
          poster={poster ? renditionUrl(poster.url) : undefined}
          aria-label={t('assets.previewOf', { name: asset.name })}
          style={{ maxWidth: '100%', maxHeight: '28rem' }}
        />
      </Center>
      <HStack gap="2" wrap="wrap">
        {control(
          'skipBack',
          t('video.skipBack', { seconds: VIDEO_SKIP_SECONDS }),
          `−${VIDEO_SKIP_SECONDS} s`,
        )}
        {control('frameBack', t('video.frameBack'), '‹', true)}
        {control(
          'togglePlay',
          player.playing ? t('video.pause') : t('video.play'),
          player.playing ? '❚❚' : '▶',
        )}
        {control('frameForward', t('video.frameForward'), '›', true)}
        {control(
          'skipForward',
          t('video.skipForward', { seconds: VIDEO_SKIP_SECONDS }),
          `+${VIDEO_SKIP_SECONDS} s`,
        )}
        <Text fontFamily="mono" fontSize="xs" px="1" data-testid="timecode">
          {formatTimecode(player.currentTime, rate)} / {formatTimecode(duration, rate)}
        </Text>
        {control('setIn', t('video.setIn'), t('video.in'))}
        {control('setOut', t('video.setOut'), t('video.out'))}
      </HStack>
      {timeline.isPending ? (
        <Skeleton height="14" aria-busy="true" aria-label={t('app.loading')} />
      ) : timeline.isError ? (
        <ErrorAlert error={timeline.error} />
      ) : (
        <>
          <TimelineBar
            timeline={timeline.data}
            stripUrl={api.url(timelineStrip, { params: { id: asset.id } })}
            currentTime={player.currentTime}
            duration={duration}
            marks={marks}
            onSeek={player.seek}
          />
          <Text fontSize="xs" color="fg.muted">
            {t('video.keys', { seconds: VIDEO_SKIP_SECONDS })}
          </Text>
          <Stack gap="5">
            <Box minWidth="0">
              <CuePointsPanel
                timeline={timeline.data}
                editable={editable}
                currentTime={player.currentTime}
                changes={changes}
                onSeek={player.seek}
                focusSignal={cueFocus}
              />
            </Box>
            <Box minWidth="0">
              <ClipsPanel
                assetId={asset.id}
                timeline={timeline.data}
                marks={marks}
                editable={editable}
                mayCreateAssets={allows(session, 'new assets')}
                mayVersion={allows(session, 'file actions')}
                mayDownload={mayDownload(session)}
                changes={changes}
                onSeek={player.seek}
              />
            </Box>
          </Stack>
        </>
      )}
    </Stack>
  );
}
