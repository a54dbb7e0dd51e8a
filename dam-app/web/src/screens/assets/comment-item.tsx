import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Annotation, Comment } from '../../../../api/discussions.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { FormField } from '../../components/form-field.tsx';
import { formatDate } from '../../components/format-date.ts';
import { formatSeconds } from './comment-composer.tsx';

export interface CommentItemProps {
  comment: Comment;
  /** The region's number on the picture (1-based), for a region annotation. */
  regionNumber?: number;
  selected: boolean;
  onSelect(comment: Comment): void;
  onEdit(id: number, body: string, done: () => void): void;
  onDelete(comment: Comment): void;
  onReply?(): void;
}

/** Comment text with its @mentions of real people set apart. */
function Body({ comment }: { comment: Comment }) {
  const names = new Set(comment.mentions);
  const parts = comment.body.split(/(@[\p{L}\p{Nd}._-]*[\p{L}\p{Nd}_])/u);
  return (
    <Text whiteSpace="pre-wrap" wordBreak="break-word">
      {parts.map((part, index) =>
        part.startsWith('@') && names.has(part.slice(1)) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <Text as="span" key={index} fontWeight="semibold" color="teal.700">
            {part}
          </Text>
        ) : (
          part
        ),
      )}
    </Text>
  );
}

function annotationLabel(
  annotation: Annotation,
  regionNumber: number | undefined,
  t: ReturnType<typeof usePreferences>['t'],
) {
  if (annotation.kind === 'region') return t('discussion.regionLabel', { number: regionNumber ?? '' });
  if (annotation.kind === 'page') return t('discussion.pageLabel', { page: annotation.page });
  return t('discussion.timeLabel', {
    start: formatSeconds(annotation.start),
    end: formatSeconds(annotation.end),
  });
}

/** One comment: its author, date, text, annotation (a button that selects it) and the author's actions. */
export function CommentItem(props: CommentItemProps) {
  const { t, language } = usePreferences();
  const { comment } = props;
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(comment.body);
  if (comment.deleted)
    return (
      <Text fontSize="sm" color="fg.muted" fontStyle="italic" data-comment={comment.id} tabIndex={-1}>
        {t('discussion.deleted')}
      </Text>
    );
  return (
    <Stack
      gap="1"
      data-comment={comment.id}
      tabIndex={-1}
      borderLeftWidth={props.selected ? '3px' : '0'}
      borderColor="orange.500"
      ps={props.selected ? '2' : '0'}
    >
      <HStack gap="2" wrap="wrap">
        <Text fontWeight="semibold">{comment.author?.name ?? t('discussion.formerUser')}</Text>
        <Text fontSize="sm" color="fg.muted">
          {formatDate(comment.createdAt, language)}
          {comment.editedAt && ` · ${t('discussion.edited')}`}
        </Text>
        {comment.annotation && (
          <Button
            size="xs"
            variant={props.selected ? 'solid' : 'outline'}
            colorPalette="teal"
            aria-pressed={props.selected}
            onClick={() => props.onSelect(comment)}
          >
            {annotationLabel(comment.annotation, props.regionNumber, t)}
          </Button>
        )}
      </HStack>
      {editing ? (
        <Box
          as="form"
          onSubmit={(event: React.FormEvent) => {
            event.preventDefault();
            props.onEdit(comment.id, text, () => setEditing(false));
          }}
        >
          <FormField label={t('discussion.editLabel')} value={text} onValue={setText} multiline rows={3} />
          <HStack gap="2" mt="2">
            <Button type="submit" size="xs" colorPalette="teal">
              {t('app.save')}
            </Button>
            <Button size="xs" variant="ghost" onClick={() => setEditing(false)}>
              {t('app.cancel')}
            </Button>
          </HStack>
        </Box>
      ) : (
        <Body comment={comment} />
      )}
      {!editing && (
        <HStack gap="1">
          {props.onReply && (
            <Button size="xs" variant="ghost" onClick={props.onReply}>
              {t('discussion.replyAction')}
            </Button>
          )}
          {comment.mayEdit && (
            <>
              <Button
                size="xs"
                variant="ghost"
                onClick={() => {
                  setText(comment.body);
                  setEditing(true);
                }}
              >
                {t('app.edit')}
              </Button>
              <Button size="xs" variant="ghost" colorPalette="red" onClick={() => props.onDelete(comment)}>
                {t('app.delete')}
              </Button>
            </>
          )}
          {comment.mentions.length > 0 && (
            <Badge size="sm" variant="subtle">
              {t('discussion.mentionCount', { count: comment.mentions.length })}
            </Badge>
          )}
        </HStack>
      )}
    </Stack>
  );
}
