import { Badge, Button, Code, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { deleteFeed, regenerateFeedKey } from '../../../../api/contract/feeds-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { formatDate } from '../../components/format-date.ts';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { ListSection } from '../../kit/list-section.tsx';
import { RowButton } from '../../kit/row-button.tsx';
import { SecretOnceDialog } from '../../kit/secret-once-dialog.tsx';
import { useConfirm } from '../../kit/use-confirm.tsx';
import { useEditableList } from '../../kit/use-editable-list.tsx';
import { useRefresh } from '../../kit/use-refresh.ts';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { FeedEditor } from './feed-editor.tsx';
import { FEED_KEYS, type Feed, useFeeds } from './feed-queries.ts';

export const screen = defineScreen('feeds', {
  codec: path('/feeds'),
  nav: { menu: 'user', label: 'feeds.title', order: 3.5 },
});
export const draw: Draw<'feeds'> = () => <FeedsScreen />;

const KNOWN_STATUSES = [200, 304, 404] as const;

/** A person's RSS/Atom feeds: create, edit, delete, give a new key; each with what its readers last got. */
export function FeedsScreen() {
  const { t, language } = usePreferences();
  const refresh = useRefresh();
  const feeds = useFeeds();
  const [url, setUrl] = useState<string | null>(null);
  const list = useEditableList<Feed>({
    editor: (feed, close) => <FeedEditor feed={feed} onCreated={setUrl} onClose={close} />,
    nameOf: (feed) => feed.name,
    editLabel: (feed) => t('feeds.editTitle', { name: feed.name }),
    remove: {
      run: (feed) => api.call(deleteFeed, { params: { id: feed.id } }),
      body: (feed) => t('feeds.deleteConfirm', { name: feed.name }),
      refresh: [FEED_KEYS.list],
    },
  });
  const renew = useConfirm({
    run: (feed: Feed) => api.call(regenerateFeedKey, { params: { id: feed.id } }),
    done: (made) => {
      setUrl(made.url);
      refresh([FEED_KEYS.list]);
    },
    title: t('feeds.newKey'),
    body: (feed) => t('feeds.newKeyConfirm', { name: feed.name }),
    confirmLabel: t('feeds.newKey'),
  });
  const status = (code: number | null) => {
    if (code === null) return t('app.never');
    const known = KNOWN_STATUSES.find((each) => each === code);
    return known ? `${code} ${t(`feeds.status.${known}`)}` : String(code);
  };
  return (
    <Stack gap="4">
      <ScreenHeader
        title={t('feeds.title')}
        intro={t('feeds.intro')}
        actions={
          <Button colorPalette="teal" onClick={list.create}>
            {t('feeds.new')}
          </Button>
        }
      />
      <ListSection
        query={feeds}
        empty={t('feeds.empty')}
        label={t('feeds.title')}
        rowKey={(feed) => feed.id}
        rowProps={(feed) => ({ 'data-feed': feed.name }) as object}
        columns={[
          { header: t('field.name'), cell: (feed) => feed.name, props: { fontWeight: 'medium' } },
          { header: t('feeds.type'), cell: (feed) => t(`feeds.type.${feed.type}`) },
          {
            header: t('feeds.source'),
            cell: (feed) =>
              `${t(`feeds.source.${feed.source.kind}`)}: ${feed.sourceName ?? t('feeds.sourceGone')}`,
          },
          {
            header: t('feeds.events'),
            cell: (feed) => feed.events.map((event) => t(`feeds.event.${event}`)).join(', '),
            // The longest cell: it wraps, so the row's actions stay in view in French at 1280 px.
            props: { minWidth: '10rem', maxWidth: '16rem', whiteSpace: 'normal' },
          },
          {
            header: t('feeds.active'),
            cell: (feed) => (
              <Badge colorPalette={feed.active ? 'teal' : 'gray'}>
                {t(feed.active ? 'feeds.active' : 'feeds.inactive')}
              </Badge>
            ),
          },
          { header: t('feeds.keyPrefix'), cell: (feed) => <Code>{feed.keyPrefix}…</Code> },
          { header: t('feeds.lastStatus'), cell: (feed) => status(feed.lastStatus) },
          {
            header: t('feeds.lastUpdate'),
            cell: (feed) => (feed.lastFetchedAt ? formatDate(feed.lastFetchedAt, language) : t('app.never')),
          },
        ]}
        actions={(feed) => (
          <>
            <RowButton
              text={t('feeds.newKey')}
              label={t('feeds.newKeyNamed', { name: feed.name })}
              onClick={() => renew.ask(feed)}
            />
            {list.buttons(feed)}
          </>
        )}
      >
        {list.dialogs}
        {renew.dialog}
        <SecretOnceDialog
          secret={url}
          title={t('feeds.urlTitle')}
          body={t('feeds.urlBody')}
          testId="feed-url"
          onClose={() => setUrl(null)}
        />
      </ListSection>
    </Stack>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
