import { Box, Center, Image, Text } from '@chakra-ui/react';
import { type RefObject, useRef } from 'react';
import type { AssetView } from '../../../../api/assets.ts';
import type { Annotation, Comment } from '../../../../api/discussions.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { renditionUrl } from '../../asset-widgets/asset-preview.tsx';

export type Region = Extract<Annotation, { kind: 'region' }>;

/** Keyboard steps for a draft region (R-ANNOTATION: made without a mouse): arrows move it, Shift+arrows resize it. */
const STEP = 0.05;
const MIN = 0.02;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const round = (value: number) => Math.round(value * 10_000) / 10_000;

export function moveRegion(region: Region, key: string, resize: boolean): Region | null {
  const dx = key === 'ArrowRight' ? STEP : key === 'ArrowLeft' ? -STEP : 0;
  const dy = key === 'ArrowDown' ? STEP : key === 'ArrowUp' ? -STEP : 0;
  if (dx === 0 && dy === 0) return null;
  if (resize) {
    const width = clamp(region.width + dx, MIN, 1 - region.x);
    const height = clamp(region.height + dy, MIN, 1 - region.y);
    return { ...region, width: round(width), height: round(height) };
  }
  return {
    ...region,
    x: round(clamp(region.x + dx, 0, 1 - region.width)),
    y: round(clamp(region.y + dy, 0, 1 - region.height)),
  };
}

const percent = (value: number) => `${Math.round(value * 100)}%`;
const place = (region: Region) => ({
  left: percent(region.x),
  top: percent(region.y),
  width: percent(region.width),
  height: percent(region.height),
});

/** Where a version's picture is: the current version's preview, an older version's own thumbnail. */
function pictureOf(asset: AssetView, version: number, current: boolean) {
  if (!current) return `/api/v1/assets/${asset.id}/versions/${version}/renditions/thumbnail`;
  const named = (name: string) => asset.renditions.find((each) => each.name === name);
  const image = named('preview') ?? named('poster') ?? named('thumbnail');
  return image ? renditionUrl(image.url) : null;
}

export interface AnnotationOverlayProps {
  asset: AssetView;
  version: number;
  current: boolean;
  comments: Comment[];
  selected: number | null;
  onSelect(id: number): void;
  /** The region being drawn for a new comment, or null when none is. */
  draft: Region | null;
  onDraft(region: Region): void;
  /** The video element, for a time range's "start/end here" and to seek to a selected one. */
  videoRef: RefObject<HTMLVideoElement | null>;
}

/** R-ANNOTATION: a version's preview with its region annotations drawn over it, and a draft region to place. */
export function AnnotationOverlay(props: AnnotationOverlayProps) {
  const { t } = usePreferences();
  const { asset, current, draft, onDraft } = props;
  const surface = useRef<HTMLDivElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const video = asset.renditions.find((each) => each.name === 'web-preview');
  if (asset.kind === 'video' && current && video)
    return (
      <Center bg="bg.muted" rounded="md" borderWidth="1px" overflow="hidden">
        {/* biome-ignore lint/a11y/useMediaCaption: the web preview is the asset itself; it has no caption track */}
        <video
          ref={props.videoRef}
          controls
          preload="metadata"
          src={renditionUrl(video.url)}
          aria-label={t('assets.previewOf', { name: asset.name })}
          style={{ maxWidth: '100%', maxHeight: '28rem' }}
        />
      </Center>
    );
  const picture = pictureOf(asset, props.version, current);
  if (!picture)
    return (
      <Center bg="bg.muted" rounded="md" borderWidth="1px" minHeight="48">
        <Text color="fg.muted">{t('assets.previewNone')}</Text>
      </Center>
    );
  const point = (event: React.PointerEvent) => {
    const box = surface.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return null;
    return {
      x: clamp((event.clientX - box.left) / box.width, 0, 1),
      y: clamp((event.clientY - box.top) / box.height, 0, 1),
    };
  };
  const drawTo = (event: React.PointerEvent) => {
    const from = start.current;
    const to = point(event);
    if (!from || !to) return;
    const width = Math.max(Math.abs(to.x - from.x), MIN);
    const height = Math.max(Math.abs(to.y - from.y), MIN);
    onDraft({
      kind: 'region',
      x: round(Math.min(Math.min(from.x, to.x), 1 - width)),
      y: round(Math.min(Math.min(from.y, to.y), 1 - height)),
      width: round(width),
      height: round(height),
    });
  };
  const regions = props.comments.filter(
    (comment): comment is Comment & { annotation: Region } => comment.annotation?.kind === 'region',
  );
  return (
    <Center bg="bg.muted" rounded="md" borderWidth="1px" overflow="hidden" p="2">
      <Box
        ref={surface}
        data-part="annotation-surface"
        position="relative"
        display="inline-block"
        cursor={draft ? 'crosshair' : undefined}
        onPointerDown={(event) => {
          if (!draft) return;
          start.current = point(event);
          event.currentTarget.setPointerCapture?.(event.pointerId);
        }}
        onPointerMove={(event) => start.current && drawTo(event)}
        onPointerUp={(event) => {
          if (start.current) drawTo(event);
          start.current = null;
        }}
      >
        <Image
          src={picture}
          alt={t('discussion.pictureOf', { name: asset.name, version: props.version })}
          maxHeight="28rem"
          maxWidth="100%"
          objectFit="contain"
          draggable={false}
          display="block"
        />
        {regions.map((comment, index) => (
          <Box
            key={comment.id}
            position="absolute"
            {...place(comment.annotation)}
            borderWidth="2px"
            borderColor={props.selected === comment.id ? 'orange.500' : 'teal.500'}
            bg={props.selected === comment.id ? 'orange.500/20' : undefined}
            cursor="pointer"
            aria-hidden="true"
            data-testid={`region-${comment.id}`}
            onClick={() => props.onSelect(comment.id)}
          >
            <Text
              position="absolute"
              top="0"
              left="0"
              px="1"
              fontSize="xs"
              fontWeight="bold"
              bg={props.selected === comment.id ? 'orange.700' : 'teal.700'}
              color="white"
            >
              {index + 1}
            </Text>
          </Box>
        ))}
        {draft && (
          <Box
            position="absolute"
            {...place(draft)}
            borderWidth="2px"
            borderStyle="dashed"
            borderColor="orange.600"
            bg="orange.400/20"
            tabIndex={0}
            role="img"
            aria-label={t('discussion.draftRegion', {
              x: percent(draft.x),
              y: percent(draft.y),
              width: percent(draft.width),
              height: percent(draft.height),
            })}
            aria-describedby="draft-region-help"
            _focusVisible={{ outline: '3px solid', outlineColor: 'orange.700' }}
            data-testid="draft-region"
            onKeyDown={(event) => {
              const moved = moveRegion(draft, event.key, event.shiftKey);
              if (!moved) return;
              event.preventDefault();
              onDraft(moved);
            }}
          />
        )}
      </Box>
    </Center>
  );
}
