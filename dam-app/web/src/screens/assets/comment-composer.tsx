import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { type RefObject, useState } from 'react';
import type { AssetView } from '../../../../api/assets.ts';
import { type Annotation, type NewComment, newCommentSchema } from '../../../../api/discussions.ts';
import type { ApiFailure } from '../../api/api-failure.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import type { Region } from './annotation-overlay.tsx';
import { useMentionSuggestions } from './discussion-queries.ts';

/** The `@name` being typed at the end of the text, or null. */
const TYPING_MENTION = /(?:^|\s)@([\p{L}\p{Nd}._-]*)$/u;

/** A full region to start from when a person pins a comment to the picture: they move and resize it. */
export const START_REGION: Region = { kind: 'region', x: 0.25, y: 0.25, width: 0.5, height: 0.5 };

export const formatSeconds = (seconds: number) => {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${(seconds - minutes * 60).toFixed(1).padStart(4, '0')}`;
};

export interface ComposerProps {
  asset: AssetView;
  /** A reply's thread, or none for a new comment (which may carry an annotation). */
  parentId?: number;
  version: number;
  busy: boolean;
  error: unknown;
  draft: Region | null;
  onDraft(region: Region | null): void;
  videoRef?: RefObject<HTMLVideoElement | null>;
  onSend(comment: NewComment, done: () => void): void;
  onCancel?(): void;
}

/** Writes a comment or a reply: @mentions offered as the person types, and for a new comment an annotation. */
export function CommentComposer(props: ComposerProps) {
  const { t, message } = usePreferences();
  const { asset, draft, onDraft } = props;
  const [body, setBody] = useState('');
  const [pin, setPin] = useState<'none' | 'page' | 'time'>('none');
  const [page, setPage] = useState('1');
  const [range, setRange] = useState({ start: '0', end: '1' });
  const [invalid, setInvalid] = useState<string | undefined>();
  const typing = TYPING_MENTION.exec(body)?.[1] ?? null;
  const suggestions = useMentionSuggestions(asset.id, typing);
  const pick = (name: string) =>
    setBody(body.replace(TYPING_MENTION, (match) => `${match.startsWith('@') ? '' : match[0]}@${name} `));
  const topLevel = props.parentId === undefined;
  const annotation = (): Annotation | undefined => {
    if (draft) return draft;
    if (pin === 'page') return { kind: 'page', page: Number(page) };
    if (pin === 'time') return { kind: 'time', start: Number(range.start), end: Number(range.end) };
    return undefined;
  };
  const send = () => {
    const comment = {
      body,
      ...(topLevel ? { version: props.version } : { parentId: props.parentId }),
      ...(topLevel && annotation() ? { annotation: annotation() } : {}),
    };
    const parsed = newCommentSchema.safeParse(comment);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message);
      return;
    }
    setInvalid(undefined);
    props.onSend(parsed.data, () => {
      setBody('');
      setPin('none');
      onDraft(null);
    });
  };
  const here = (end: 'start' | 'end') => {
    const time = props.videoRef?.current?.currentTime ?? 0;
    setRange((current) => ({ ...current, [end]: time.toFixed(2) }));
  };
  const label = topLevel ? t('discussion.newComment') : t('discussion.reply');
  return (
    <Stack
      as="form"
      gap="2"
      onSubmit={(event: React.FormEvent) => {
        event.preventDefault();
        send();
      }}
    >
      <FormField
        label={label}
        value={body}
        onValue={setBody}
        multiline
        rows={3}
        error={invalid && message(invalid)}
      />
      {typing !== null && (suggestions.data?.length ?? 0) > 0 && (
        <HStack gap="1" wrap="wrap" role="group" aria-label={t('discussion.mentionSuggestions')}>
          {suggestions.data?.map((person) => (
            <Button key={person.id} size="xs" variant="outline" onClick={() => pick(person.name)}>
              @{person.name}
            </Button>
          ))}
        </HStack>
      )}
      {topLevel && asset.kind === 'image' && (
        <HStack gap="2" wrap="wrap">
          <Button
            size="sm"
            variant="outline"
            aria-pressed={draft !== null}
            onClick={() => onDraft(draft ? null : START_REGION)}
          >
            {draft ? t('discussion.unpin') : t('discussion.pinRegion')}
          </Button>
          {draft && (
            <Text id="draft-region-help" fontSize="sm" color="fg.muted">
              {t('discussion.regionHelp')}
            </Text>
          )}
        </HStack>
      )}
      {topLevel && asset.kind === 'pdf' && (
        <HStack gap="2" wrap="wrap" align="end">
          <Button
            size="sm"
            variant="outline"
            aria-pressed={pin === 'page'}
            onClick={() => setPin(pin === 'page' ? 'none' : 'page')}
          >
            {pin === 'page' ? t('discussion.unpin') : t('discussion.pinPage')}
          </Button>
          {pin === 'page' && (
            <Input
              size="sm"
              width="24"
              type="number"
              min={1}
              aria-label={t('discussion.page')}
              value={page}
              onChange={(event) => setPage(event.target.value)}
            />
          )}
        </HStack>
      )}
      {topLevel && asset.kind === 'video' && (
        <HStack gap="2" wrap="wrap" align="end">
          <Button
            size="sm"
            variant="outline"
            aria-pressed={pin === 'time'}
            onClick={() => setPin(pin === 'time' ? 'none' : 'time')}
          >
            {pin === 'time' ? t('discussion.unpin') : t('discussion.pinTime')}
          </Button>
          {pin === 'time' &&
            (['start', 'end'] as const).map((end) => (
              <HStack key={end} gap="1">
                <Input
                  size="sm"
                  width="24"
                  type="number"
                  min={0}
                  step="0.01"
                  aria-label={t(end === 'start' ? 'discussion.start' : 'discussion.end')}
                  value={range[end]}
                  onChange={(event) => setRange({ ...range, [end]: event.target.value })}
                />
                <Button size="sm" variant="ghost" onClick={() => here(end)}>
                  {t(end === 'start' ? 'discussion.startHere' : 'discussion.endHere')}
                </Button>
              </HStack>
            ))}
        </HStack>
      )}
      <ErrorAlert error={props.error as ApiFailure | undefined} />
      <HStack gap="2">
        <Button type="submit" size="sm" colorPalette="teal" loading={props.busy}>
          {topLevel ? t('discussion.post') : t('discussion.sendReply')}
        </Button>
        {props.onCancel && (
          <Button size="sm" variant="ghost" onClick={props.onCancel}>
            {t('app.cancel')}
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
