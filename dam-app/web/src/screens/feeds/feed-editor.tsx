import { Checkbox, Fieldset, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { createFeed, updateFeed } from '../../../../api/contract/feeds-endpoints.ts';
import {
  FEED_EVENTS,
  FEED_SORTS,
  FEED_SOURCES,
  FEED_TIME_FRAMES,
  FEED_TYPES,
  type FeedEvent,
  type FeedSource,
  saveFeedSchema,
} from '../../../../api/feeds.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { toaster } from '../../app/toaster.tsx';
import { ErrorAlert } from '../../components/feedback.tsx';
import { FormField } from '../../components/form-field.tsx';
import { type Choice, SelectField } from '../../components/select-field.tsx';
import { useForm } from '../../components/use-form.ts';
import { EditorDrawer } from '../../kit/editor-drawer.tsx';
import { useCollections, useFolderTree } from '../assets/asset-queries.ts';
import { useSavedSearches } from '../search/saved-search-queries.ts';
import { FEED_KEYS, type Feed } from './feed-queries.ts';

/** The folders, collections and saved searches a feed may read, as the person sees them. */
function useSourceChoices(kind: FeedSource): Choice[] {
  const tree = useFolderTree(kind === 'folder');
  const collections = useCollections();
  const searches = useSavedSearches();
  if (kind === 'folder') {
    const folders = tree.data ? [tree.data.root, ...tree.data.folders] : [];
    return folders.map((folder) => ({ value: folder.id, label: `/${folder.path}` }));
  }
  if (kind === 'collection')
    return (collections.data ?? []).map((collection) => ({ value: collection.id, label: collection.name }));
  return (searches.data ?? []).map((search) => ({ value: search.id, label: search.name }));
}

/**
 * Create or edit a feed: name, type, source, events (comments shown, not yet available), sort, time frame, active.
 * A new feed's secret address goes to `onCreated`, which shows it once.
 */
export function FeedEditor({
  feed,
  onCreated,
  onClose,
}: {
  feed?: Feed;
  onCreated(url: string): void;
  onClose(): void;
}) {
  const { t } = usePreferences();
  const client = useQueryClient();
  const form = useForm(
    {
      name: feed?.name ?? '',
      description: feed?.description ?? '',
      type: feed?.type ?? 'rss',
      sourceKind: feed?.source.kind ?? ('folder' as FeedSource),
      sourceId: feed?.source.id ?? 0,
      events: (feed?.events ?? ['new_file', 'file_changes', 'metadata']) as FeedEvent[],
      sort: feed?.sort ?? 'newest',
      timeFrameDays: feed?.timeFrameDays ?? 30,
      active: feed?.active ?? true,
    },
    { guard: true },
  );
  const choices = useSourceChoices(form.values.sourceKind);
  const save = useMutation({
    mutationFn: async (body: z.output<typeof saveFeedSchema>) => {
      if (feed) {
        await api.call(updateFeed, { params: { id: feed.id }, body });
        return undefined;
      }
      return (await api.call(createFeed, { body })).url;
    },
    onSuccess: (url) => {
      form.markSaved();
      void client.invalidateQueries({ queryKey: FEED_KEYS.list });
      toaster.create({ type: 'success', title: t('app.savedItem', { name: form.values.name }) });
      if (url) onCreated(url);
      onClose();
    },
    onError: form.fail,
  });
  const { sourceKind, sourceId, ...rest } = form.values;
  const submit = () => {
    const checked = form.check(saveFeedSchema, { ...rest, source: { kind: sourceKind, id: sourceId } });
    if (checked) save.mutate(checked);
  };
  const toggle = (event: FeedEvent, on: boolean) =>
    form.set(
      'events',
      on ? [...form.values.events, event] : form.values.events.filter((each) => each !== event),
    );
  return (
    <EditorDrawer
      open
      title={feed ? t('feeds.editTitle', { name: feed.name }) : t('feeds.new')}
      submitLabel={feed ? t('app.save') : t('app.create')}
      busy={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <ErrorAlert error={form.formError} />
      <FormField {...form.field('name')} label={t('field.name')} required />
      <FormField
        {...form.field('description')}
        multiline
        rows={2}
        label={t('field.description')}
        helper={t('feeds.descriptionHelp')}
      />
      <SelectField
        label={t('feeds.type')}
        name="type"
        value={form.values.type}
        onValue={(value) => form.set('type', value as Feed['type'])}
        choices={FEED_TYPES.map((type) => ({ value: type, label: t(`feeds.type.${type}`) }))}
      />
      <SelectField
        label={t('feeds.sourceKind')}
        name="sourceKind"
        value={form.values.sourceKind}
        onValue={(value) => {
          form.set('sourceKind', value as FeedSource);
          form.set('sourceId', 0);
        }}
        choices={FEED_SOURCES.map((kind) => ({ value: kind, label: t(`feeds.source.${kind}`) }))}
      />
      <SelectField
        label={t('feeds.sourceItem')}
        name="sourceId"
        value={form.values.sourceId || ''}
        onValue={(value) => form.set('sourceId', Number(value))}
        none="—"
        choices={choices}
        error={form.errors['source.id'] ?? form.errors.source}
      />
      <Fieldset.Root invalid={form.errors.events !== undefined}>
        <Fieldset.Legend>{t('feeds.events')}</Fieldset.Legend>
        <Stack gap="2" mt="1">
          {FEED_EVENTS.map((event) => (
            <Checkbox.Root
              key={event}
              size="sm"
              checked={form.values.events.includes(event)}
              disabled={event === 'comments'}
              onCheckedChange={(details) => toggle(event, details.checked === true)}
            >
              <Checkbox.HiddenInput name={`event-${event}`} />
              <Checkbox.Control />
              <Checkbox.Label>{t(`feeds.event.${event}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
          <Text fontSize="sm" color="fg.muted" data-testid="comments-later">
            {t('feeds.commentsLater')}
          </Text>
        </Stack>
        {form.errors.events && <Fieldset.ErrorText>{form.errors.events}</Fieldset.ErrorText>}
      </Fieldset.Root>
      <SelectField
        label={t('feeds.sort')}
        name="sort"
        value={form.values.sort}
        onValue={(value) => form.set('sort', value as Feed['sort'])}
        choices={FEED_SORTS.map((sort) => ({ value: sort, label: t(`feeds.sort.${sort}`) }))}
      />
      <SelectField
        label={t('feeds.timeFrame')}
        name="timeFrameDays"
        value={form.values.timeFrameDays}
        onValue={(value) => form.set('timeFrameDays', Number(value))}
        choices={FEED_TIME_FRAMES.map((days) => ({ value: days, label: t('feeds.days', { count: days }) }))}
      />
      <Checkbox.Root
        size="sm"
        checked={form.values.active}
        onCheckedChange={(details) => form.set('active', details.checked === true)}
      >
        <Checkbox.HiddenInput name="active" />
        <Checkbox.Control />
        <Checkbox.Label>{t('feeds.activeLabel')}</Checkbox.Label>
      </Checkbox.Root>
    </EditorDrawer>
  );
}
