import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { type CuePoint, saveCuePointSchema, type Timeline } from '../../../../api/video-timeline.ts';
import { ApiFailure } from '../../api/api-failure.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { Form } from '../../components/form.tsx';
import { FormField } from '../../components/form-field.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useForm } from '../../components/use-form.ts';
import { DataTable } from '../../kit/data-table.tsx';
import { InlineForm } from '../../kit/inline-form.tsx';
import { RowButton } from '../../kit/row-button.tsx';
import { formatTimecode, snapToFrame } from './timecode.ts';
import type { useTimelineChanges } from './timeline-queries.ts';

type Changes = ReturnType<typeof useTimelineChanges>;

/** A refusal about the name goes beside the name field; one about the time (taken, past the end) above the form. */
export const onLabel = (error: unknown) => error instanceof ApiFailure && 'label' in error.fields;

/** The cue points of the version on show: go to one, and (with file actions) add one here, rename, move or delete. */
export function CuePointsPanel(props: {
  timeline: Timeline;
  editable: boolean;
  currentTime: number;
  changes: Changes;
  onSeek(seconds: number): void;
  /** Bumped by the player's M key: the name field takes the focus. */
  focusSignal: number;
}) {
  const { t } = usePreferences();
  const { timeline, changes } = props;
  const rate = timeline.frameRate;
  const form = useForm({ label: '' });
  const [editing, setEditing] = useState<number | null>(null);
  const add = () => {
    const body = form.check(saveCuePointSchema, {
      label: form.values.label,
      timeSeconds: snapToFrame(props.currentTime, rate),
    });
    if (body)
      changes.addCue.mutate(body, {
        onSuccess: () => form.set('label', ''),
        onError: (error) => (onLabel(error) ? form.fail(error) : undefined),
      });
  };
  return (
    <Stack gap="3" as="section" aria-labelledby="cue-points-heading">
      <Heading as="h2" size="sm" id="cue-points-heading">
        {t('video.cuePoints')}
      </Heading>
      {props.editable && (
        <>
          <ErrorAlert error={form.formError} />
          <ErrorAlert
            error={onLabel(changes.addCue.error) ? undefined : (changes.addCue.error ?? undefined)}
          />
          <InlineForm
            onSend={add}
            submitLabel={t('video.addCueAt', { time: formatTimecode(props.currentTime, rate) })}
            busy={changes.addCue.isPending}
            main={
              <FormField
                label={t('video.cueName')}
                {...form.field('label')}
                key={props.focusSignal}
                autoFocus={props.focusSignal > 0}
              />
            }
          />
        </>
      )}
      {timeline.cuePoints.length === 0 ? (
        <Text color="fg.muted">{t('video.noCuePoints')}</Text>
      ) : (
        <DataTable
          label={t('video.cuePoints')}
          rows={timeline.cuePoints}
          rowKey={(cue) => cue.id}
          columns={[
            {
              header: t('video.time'),
              cell: (cue) => (
                <Button
                  size="xs"
                  variant="ghost"
                  fontFamily="mono"
                  onClick={() => props.onSeek(cue.timeSeconds)}
                  aria-label={t('video.goTo', {
                    name: cue.label,
                    time: formatTimecode(cue.timeSeconds, rate),
                  })}
                >
                  {formatTimecode(cue.timeSeconds, rate)}
                </Button>
              ),
              props: { width: '1%' },
            },
            {
              header: t('video.cueName'),
              cell: (cue) =>
                editing === cue.id ? (
                  <EditCue cue={cue} changes={changes} onDone={() => setEditing(null)} rate={rate} />
                ) : (
                  cue.label
                ),
            },
          ]}
          actions={
            props.editable
              ? (cue) =>
                  editing === cue.id ? null : (
                    <>
                      <RowButton
                        text={t('app.edit')}
                        label={t('video.editCue', { name: cue.label })}
                        onClick={() => setEditing(cue.id)}
                      />
                      <RowButton
                        text={t('app.delete')}
                        label={t('video.deleteCue', { name: cue.label })}
                        danger
                        onClick={() => changes.deleteCue.mutate(cue.id)}
                      />
                    </>
                  )
              : undefined
          }
        />
      )}
      <ErrorAlert error={changes.deleteCue.error ?? undefined} />
    </Stack>
  );
}

/** A cue point's name and time (seconds), changed in its row. */
function EditCue(props: { cue: CuePoint; changes: Changes; rate: number | null; onDone(): void }) {
  const { t } = usePreferences();
  const form = useForm({ label: props.cue.label, timeSeconds: String(props.cue.timeSeconds) });
  const save = () => {
    const body = form.check(saveCuePointSchema, {
      label: form.values.label,
      timeSeconds: Number(form.values.timeSeconds),
    });
    if (body)
      props.changes.updateCue.mutate(
        { ...body, cueId: props.cue.id },
        { onSuccess: props.onDone, onError: form.fail },
      );
  };
  return (
    <Form onSend={save}>
      <Stack gap="2">
        <ErrorAlert error={form.formError} />
        <HStack gap="2" align="flex-end" wrap="wrap">
          <Box flex="1" minWidth="32">
            <FormField label={t('video.cueName')} {...form.field('label')} size="sm" />
          </Box>
          <Box width="28">
            <FormField
              label={t('video.timeSeconds')}
              {...form.field('timeSeconds')}
              inputMode="decimal"
              size="sm"
            />
          </Box>
          <SubmitButton size="sm" loading={props.changes.updateCue.isPending}>
            {t('app.save')}
          </SubmitButton>
          <Button size="sm" variant="outline" onClick={props.onDone}>
            {t('app.cancel')}
          </Button>
        </HStack>
      </Stack>
    </Form>
  );
}
