import { Box, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import type { AssetView } from '../../../../api/assets.ts';
import type { Comment } from '../../../../api/discussions.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { useFailureToast } from '../../app/toaster.tsx';
import { ConfirmDialog, Empty, ErrorAlert, ListSkeleton } from '../../components/feedback.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { AnnotationOverlay, type Region } from './annotation-overlay.tsx';
import { CommentComposer } from './comment-composer.tsx';
import { CommentItem } from './comment-item.tsx';
import { useCommentActions, useDiscussion } from './discussion-queries.ts';

/** A comment to open the tab at (a Mention's or a Discussion's link), on the version it was made on. */
export interface CommentAt {
  comment: number;
  version?: number | undefined;
}

/** R-COMMENT-LINK: once the discussion shows, the comment a link named is scrolled to and takes the focus. */
function useOpenAt(comment: number | undefined, shown: boolean) {
  useEffect(() => {
    if (comment === undefined || !shown) return;
    const element = document.querySelector<HTMLElement>(`[data-comment="${comment}"]`);
    element?.scrollIntoView?.({ block: 'center' });
    element?.focus({ preventScroll: true });
  }, [comment, shown]);
}

/**
 * Discussion (R-ANNOTATION, R-MENTION, R-COMMENT-EDIT): one version's comments and replies, its annotations drawn on
 * its preview with the list beside it; a new comment may be pinned to a region, a page or a time range.
 */
export function DiscussionTab({ asset, at }: { asset: AssetView; at?: CommentAt | undefined }) {
  const { t } = usePreferences();
  const [picked, setPicked] = useState<number | null>(at?.version ?? null);
  const [selected, setSelected] = useState<number | null>(at?.comment ?? null);
  const [draft, setDraft] = useState<Region | null>(null);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const discussion = useDiscussion(asset.id, picked);
  const actions = useCommentActions(asset.id, useFailureToast());
  useOpenAt(at?.comment, discussion.isSuccess);
  if (discussion.isPending) return <ListSkeleton />;
  if (discussion.isError) return <ErrorAlert error={discussion.error} />;
  const { version, currentVersion, items } = discussion.data;
  const heads = items.filter((each) => each.parentId === null);
  const regionNumbers = new Map(
    items.filter((each) => each.annotation?.kind === 'region').map((each, index) => [each.id, index + 1]),
  );
  const select = (comment: Comment) => {
    setSelected(selected === comment.id ? null : comment.id);
    const video = videoRef.current;
    if (comment.annotation?.kind === 'time' && video) video.currentTime = comment.annotation.start;
  };
  const versions = Array.from({ length: currentVersion }, (_, index) => currentVersion - index);
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6" alignItems="start">
      <Stack gap="3">
        {currentVersion > 1 && (
          <SelectField
            label={t('discussion.version')}
            name="version"
            value={version}
            onValue={(value) => {
              setPicked(Number(value) === currentVersion ? null : Number(value));
              setSelected(null);
              setDraft(null);
            }}
            choices={versions.map((number) => ({
              value: number,
              label:
                number === currentVersion
                  ? t('discussion.currentVersion', { version: number })
                  : t('discussion.olderVersion', { version: number }),
            }))}
            fieldProps={{ width: 'auto' }}
          />
        )}
        <AnnotationOverlay
          asset={asset}
          version={version}
          current={version === currentVersion}
          comments={items}
          selected={selected}
          onSelect={(id) => setSelected(selected === id ? null : id)}
          draft={draft}
          onDraft={setDraft}
          videoRef={videoRef}
        />
        <CommentComposer
          asset={asset}
          version={version}
          busy={actions.add.isPending && replyTo === null}
          error={replyTo === null ? actions.add.error : null}
          draft={draft}
          onDraft={setDraft}
          videoRef={videoRef}
          onSend={(comment, done) => actions.add.mutate(comment, { onSuccess: done })}
        />
      </Stack>
      <Stack as="section" aria-labelledby="discussion-heading" gap="4">
        <Heading as="h2" size="md" id="discussion-heading">
          {t('discussion.title', { count: heads.length, version })}
        </Heading>
        {heads.length === 0 && <Empty title={t('discussion.empty')} />}
        <Stack as="ol" gap="4" listStyleType="none" m="0" p="0">
          {heads.map((head) => (
            <Box as="li" key={head.id} borderBottomWidth="1px" pb="3">
              <CommentItem
                comment={head}
                regionNumber={regionNumbers.get(head.id)}
                selected={selected === head.id}
                onSelect={select}
                onEdit={(id, body, done) => actions.edit.mutate({ id, body }, { onSuccess: done })}
                onDelete={setDeleting}
                onReply={() => setReplyTo(head.id)}
              />
              <Stack as="ol" gap="3" listStyleType="none" ms="6" mt="3" p="0">
                {items
                  .filter((each) => each.parentId === head.id)
                  .map((reply) => (
                    <Box as="li" key={reply.id}>
                      <CommentItem
                        comment={reply}
                        selected={selected === reply.id}
                        onSelect={select}
                        onEdit={(id, body, done) => actions.edit.mutate({ id, body }, { onSuccess: done })}
                        onDelete={setDeleting}
                      />
                    </Box>
                  ))}
              </Stack>
              {replyTo === head.id && (
                <Box ms="6" mt="3">
                  <CommentComposer
                    asset={asset}
                    parentId={head.id}
                    version={version}
                    busy={actions.add.isPending}
                    error={actions.add.error}
                    draft={null}
                    onDraft={() => {}}
                    onSend={(comment, done) =>
                      actions.add.mutate(comment, {
                        onSuccess: () => {
                          done();
                          setReplyTo(null);
                        },
                      })
                    }
                    onCancel={() => setReplyTo(null)}
                  />
                </Box>
              )}
            </Box>
          ))}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={deleting !== null}
        title={t('discussion.deleteTitle')}
        body={t('discussion.deleteBody')}
        confirmLabel={t('app.delete')}
        busy={actions.remove.isPending}
        onConfirm={() =>
          deleting && actions.remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }
        onClose={() => setDeleting(null)}
      />
    </SimpleGrid>
  );
}
