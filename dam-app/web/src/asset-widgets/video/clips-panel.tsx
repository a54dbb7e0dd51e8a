import { Badge, Box, Button, Heading, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { clipFile } from '../../../../api/contract/video-timeline-endpoints.ts';
import { type Clip, saveClipSchema, type Timeline } from '../../../../api/video-timeline.ts';
import { api } from '../../api/api-client.ts';
import { ApiFailure } from '../../api/api-failure.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Link } from '../../components/link.tsx';
import { useForm } from '../../components/use-form.ts';
import { InlineForm } from '../../kit/inline-form.tsx';
import { RowButton } from '../../kit/row-button.tsx';
import { formatTimecode } from './timecode.ts';
import type { Marks } from './timeline-bar.tsx';
import type { useTimelineChanges } from './timeline-queries.ts';

type Changes = ReturnType<typeof useTimelineChanges>;
const onName = (error: unknown) => error instanceof ApiFailure && 'name' in error.fields;

/**
 * The clips of the version on show: made from the in and out marks with a name, played from their in point, exported
 * by the server's ffmpeg as a new asset, a new version of the video, a download or into the loading dock (with its progress, and its failure's text), deleted.
 */
export function ClipsPanel(props: {
  assetId: number;
  timeline: Timeline;
  marks: Marks;
  editable: boolean;
  mayCreateAssets: boolean;
  /** May make a new version of the video (file actions, as a check-in). */
  mayVersion: boolean;
  mayDownload: boolean;
  changes: Changes;
  onSeek(seconds: number): void;
}) {
  const { t } = usePreferences();
  const { timeline, changes, marks } = props;
  const rate = timeline.frameRate;
  const form = useForm({ name: '' });
  const mark = (value: number | null) => (value === null ? '–' : formatTimecode(value, rate));
  const add = () => {
    const body = form.check(saveClipSchema, {
      name: form.values.name,
      inSeconds: marks.in ?? 0,
      outSeconds: marks.out ?? 0,
    });
    if (body)
      changes.addClip.mutate(body, {
        onSuccess: () => form.set('name', ''),
        onError: (error) => (onName(error) ? form.fail(error) : undefined),
      });
  };
  const rangeError = form.errors.outSeconds ?? form.errors.inSeconds;
  const exporting = (clip: Clip) => clip.export.state === 'queued' || clip.export.state === 'running';
  return (
    <Stack gap="3" as="section" aria-labelledby="clips-heading">
      <Heading as="h2" size="sm" id="clips-heading">
        {t('video.clips')}
      </Heading>
      {props.editable && (
        <>
          <Text fontSize="sm" data-testid="clip-marks">
            {t('video.marks', { in: mark(marks.in), out: mark(marks.out) })}
          </Text>
          <ErrorAlert error={form.formError ?? rangeError} />
          <ErrorAlert
            error={onName(changes.addClip.error) ? undefined : (changes.addClip.error ?? undefined)}
          />
          <InlineForm
            onSend={add}
            submitLabel={t('video.addClip')}
            busy={changes.addClip.isPending}
            main={<FormField label={t('video.clipName')} {...form.field('name')} />}
          />
        </>
      )}
      {timeline.clips.length === 0 ? (
        <Text color="fg.muted">{t('video.noClips')}</Text>
      ) : (
        // One card per clip, its actions wrapping under it: a table of five columns does not fit half a page.
        <Stack as="ul" gap="2" listStyleType="none" aria-label={t('video.clips')} data-testid="clip-list">
          {timeline.clips.map((clip) => (
            <Box as="li" key={clip.id} borderWidth="1px" rounded="md" px="3" py="2">
              <HStack gap="3" wrap="wrap" justify="space-between">
                <HStack gap="2" wrap="wrap" minWidth="0">
                  <Text fontWeight="medium" wordBreak="break-word">
                    {clip.name}
                  </Text>
                  <Button
                    size="xs"
                    variant="ghost"
                    fontFamily="mono"
                    onClick={() => props.onSeek(clip.inSeconds)}
                    aria-label={t('video.goTo', {
                      name: clip.name,
                      time: `${formatTimecode(clip.inSeconds, rate)} – ${formatTimecode(clip.outSeconds, rate)}`,
                    })}
                  >
                    {formatTimecode(clip.inSeconds, rate)} – {formatTimecode(clip.outSeconds, rate)}
                  </Button>
                </HStack>
                <ExportState assetId={props.assetId} clip={clip} />
              </HStack>
              {props.editable && (
                <HStack gap="2" wrap="wrap" mt="2">
                  {props.mayCreateAssets && (
                    <RowButton
                      text={t('video.exportAsset')}
                      label={t('video.exportAssetOf', { name: clip.name })}
                      onClick={() =>
                        !exporting(clip) && changes.exportClip.mutate({ clipId: clip.id, as: 'asset' })
                      }
                    />
                  )}
                  {props.mayVersion && (
                    <RowButton
                      text={t('video.exportVersion')}
                      label={t('video.exportVersionOf', { name: clip.name })}
                      onClick={() =>
                        !exporting(clip) && changes.exportClip.mutate({ clipId: clip.id, as: 'version' })
                      }
                    />
                  )}
                  {props.mayDownload && (
                    <RowButton
                      text={t('video.exportDownload')}
                      label={t('video.exportDownloadOf', { name: clip.name })}
                      onClick={() =>
                        !exporting(clip) && changes.exportClip.mutate({ clipId: clip.id, as: 'download' })
                      }
                    />
                  )}
                  {props.mayDownload && (
                    <RowButton
                      text={t('video.exportDock')}
                      label={t('video.exportDockOf', { name: clip.name })}
                      onClick={() =>
                        !exporting(clip) && changes.exportClip.mutate({ clipId: clip.id, as: 'dock' })
                      }
                    />
                  )}
                  <RowButton
                    text={t('app.delete')}
                    label={t('video.deleteClip', { name: clip.name })}
                    danger
                    onClick={() => changes.deleteClip.mutate(clip.id)}
                  />
                </HStack>
              )}
            </Box>
          ))}
        </Stack>
      )}
      <ErrorAlert error={changes.exportClip.error ?? changes.deleteClip.error ?? undefined} />
    </Stack>
  );
}

/** Where a clip's export stands: a progress bar while it runs, the way to the result, or why it failed. */
function ExportState({ assetId, clip }: { assetId: number; clip: Clip }) {
  const { t, message } = usePreferences();
  const state = clip.export;
  if (state.state === 'queued' || state.state === 'running')
    return (
      <Stack gap="1" minWidth="28">
        <Text fontSize="xs">{t('video.exporting', { percent: state.progress })}</Text>
        <Progress.Root
          size="xs"
          value={state.progress}
          // The progress bar's own name (Ark names it by its percentage otherwise).
          translations={{ value: () => t('video.exportProgressOf', { name: clip.name }) }}
        >
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Stack>
    );
  if (state.state === 'failed')
    return (
      <Stack gap="1">
        <Badge colorPalette="red" alignSelf="flex-start">
          {t('video.exportFailed')}
        </Badge>
        <Text fontSize="xs" color="fg.error" data-testid="clip-export-error">
          {state.error && message(state.error)}
        </Text>
      </Stack>
    );
  if (state.state === 'ready' && state.as === 'asset' && state.assetId !== null)
    return (
      <HStack gap="2">
        <Badge colorPalette="green">{t('video.exported')}</Badge>
        <Link to={{ name: 'asset', id: state.assetId }} fontSize="sm">
          {t('video.openClipAsset')}
        </Link>
      </HStack>
    );
  if (state.state === 'ready' && state.as === 'version')
    return (
      <HStack gap="2">
        <Badge colorPalette="green">{t('video.exported')}</Badge>
        <Link to={{ name: 'asset', id: assetId, tab: 'versions' }} fontSize="sm">
          {t('video.openClipVersion')}
        </Link>
      </HStack>
    );
  if (state.state === 'ready' && state.as === 'dock')
    return (
      <HStack gap="2">
        <Badge colorPalette="green">{t('video.exported')}</Badge>
        <Link to={{ name: 'loading-dock' }} fontSize="sm">
          {t('video.openClipDock')}
        </Link>
      </HStack>
    );
  if (state.state === 'ready')
    return (
      <HStack gap="2">
        <Badge colorPalette="green">{t('video.exported')}</Badge>
        <Button asChild size="xs" variant="outline">
          <a href={api.url(clipFile, { params: { id: assetId, clipId: clip.id } })} download>
            {t('video.downloadClip')}
          </a>
        </Button>
      </HStack>
    );
  return <Text color="fg.muted">{t('video.notExported')}</Text>;
}
