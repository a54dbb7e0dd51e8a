import { Box, Image } from '@chakra-ui/react';
import type { Timeline } from '../../../../api/video-timeline.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { formatTimecode } from './timecode.ts';

export interface Marks {
  in: number | null;
  out: number | null;
}

const percent = (seconds: number, duration: number) => `${Math.min(100, (seconds / duration) * 100)}%`;

/**
 * The strip of thumbnails under the video, with the cue points, the clips, the in/out marks and the playhead drawn
 * on it. It is one slider for assistive technology (the player's keys move it); the marks are drawn, and the lists
 * below carry them as controls, so nothing interactive is nested in the slider.
 */
export function TimelineBar(props: {
  timeline: Timeline;
  stripUrl: string;
  currentTime: number;
  duration: number;
  marks: Marks;
  onSeek(seconds: number): void;
}) {
  const { t } = usePreferences();
  const { timeline, duration, currentTime, marks } = props;
  const rate = timeline.frameRate;
  const at = (seconds: number) => percent(seconds, duration || 1);
  const seekTo = (event: React.MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    props.onSeek(((event.clientX - box.left) / box.width) * duration);
  };
  return (
    <Box
      role="slider"
      tabIndex={0}
      aria-label={t('video.timeline')}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration * 1000) / 1000}
      aria-valuenow={Math.round(currentTime * 1000) / 1000}
      aria-valuetext={formatTimecode(currentTime, rate)}
      position="relative"
      height="14"
      rounded="md"
      overflow="hidden"
      bg="gray.900"
      cursor="pointer"
      onClick={seekTo}
      data-testid="timeline-bar"
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
      colorPalette="teal"
    >
      <Image src={props.stripUrl} alt="" width="100%" height="100%" objectFit="fill" draggable={false} />
      {marks.in !== null && (
        <Box
          aria-hidden="true"
          position="absolute"
          top="0"
          bottom="0"
          left={at(marks.in)}
          width={marks.out !== null && marks.out > marks.in ? percent(marks.out - marks.in, duration) : '2px'}
          bg="yellow.400/40"
          borderInlineStart="2px solid"
          borderColor="yellow.400"
          data-testid="timeline-selection"
        />
      )}
      {timeline.clips.map((clip) => (
        <Box
          key={clip.id}
          aria-hidden="true"
          position="absolute"
          bottom="0"
          height="2"
          left={at(clip.inSeconds)}
          width={percent(clip.outSeconds - clip.inSeconds, duration)}
          bg="teal.400"
          title={clip.name}
        />
      ))}
      {timeline.cuePoints.map((cue) => (
        <Box
          key={cue.id}
          aria-hidden="true"
          position="absolute"
          top="0"
          height="full"
          left={at(cue.timeSeconds)}
          width="3px"
          bg="orange.400"
          boxShadow="0 0 0 1px black"
          title={cue.label}
          data-testid="timeline-cue"
        />
      ))}
      <Box
        aria-hidden="true"
        position="absolute"
        top="0"
        bottom="0"
        left={at(currentTime)}
        width="2px"
        bg="white"
        boxShadow="0 0 0 1px black"
        data-testid="timeline-playhead"
      />
    </Box>
  );
}
