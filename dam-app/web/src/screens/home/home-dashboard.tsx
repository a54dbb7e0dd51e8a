import { Badge, Box, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Home, HomeAsset } from '../../../../api/home.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert, ListSkeleton } from '../../components/feedback.tsx';
import { formatDate } from '../../components/format-date.ts';
import { Link } from '../../components/link.tsx';
import { resultsStyle } from '../browse/results-style.ts';
import { Thumbnail } from '../browse/thumbnail.tsx';
import { targetRoute } from '../notifications/notification-link.ts';
import { taskLabel } from '../notifications/task-label.ts';
import { useHome } from './home-queries.ts';

/** One of Home's lists: a titled card, its items or a text saying what would show there. */
function HomeCard(props: {
  id: string;
  title: string;
  empty: string;
  count: number;
  children: ReactNode;
  more?: ReactNode;
}) {
  return (
    <Card.Root as="section" aria-labelledby={`home-${props.id}`} data-home={props.id} size="sm">
      <Card.Header>
        <Heading as="h2" size="md" id={`home-${props.id}`}>
          {props.title}
        </Heading>
      </Card.Header>
      <Card.Body>
        {props.count === 0 ? (
          <Text color="fg.muted">{props.empty}</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" css={resultsStyle}>
            {props.children}
          </Stack>
        )}
      </Card.Body>
      {props.more && <Card.Footer>{props.more}</Card.Footer>}
    </Card.Root>
  );
}

function AssetItem({ item, who }: { item: HomeAsset; who: boolean }) {
  const { t, language } = usePreferences();
  return (
    <HStack as="li" gap="3" data-asset={item.asset.id}>
      <Thumbnail asset={item.asset} size={40} />
      <Box minWidth="0">
        <Link to={{ name: 'asset', id: item.asset.id }} fontWeight="medium" lineClamp={1}>
          {item.asset.name}
        </Link>
        <Text fontSize="sm" color="fg.muted">
          {who && item.uploadedBy
            ? t('home.addedBy', { date: formatDate(item.at, language), name: item.uploadedBy })
            : formatDate(item.at, language)}
        </Text>
      </Box>
    </HStack>
  );
}

/**
 * R-HOME: the page the default workspace opens on — what waits on the person, what changed since their last visit,
 * the latest uploads (theirs and the library's) and what others shared with them — each item a link to act on it.
 */
export function HomeDashboard({ libraryLink }: { libraryLink: ReactNode }) {
  const { t, language } = usePreferences();
  const home = useHome();
  if (home.isError) return <ErrorAlert error={home.error} />;
  if (!home.data) return <ListSkeleton rows={6} />;
  const data: Home = home.data;
  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Box>
          <Heading as="h1" size="xl">
            {t('home.title')}
          </Heading>
          <Text color="fg.muted">{t('home.intro')}</Text>
        </Box>
        {libraryLink}
      </HStack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <HomeCard
          id="waiting"
          title={t('home.waiting')}
          empty={t('home.waitingNone')}
          count={data.waiting.length}
          more={<Link to={{ name: 'tasks' }}>{t('home.allTasks')}</Link>}
        >
          {data.waiting.map((task) => {
            const to = targetRoute(task.target);
            const label = taskLabel(t, task);
            return (
              <HStack as="li" key={task.id} justify="space-between" data-task={task.kind}>
                {to ? <Link to={to}>{label}</Link> : <Text>{label}</Text>}
                {task.status === 'Error' ? (
                  <Badge colorPalette="red">{t('tasks.status.Error')}</Badge>
                ) : (
                  task.dueAt && (
                    <Text fontSize="sm" color="fg.muted" flexShrink={0}>
                      {t('home.due', { date: formatDate(task.dueAt, language) })}
                    </Text>
                  )
                )}
              </HStack>
            );
          })}
        </HomeCard>
        <HomeCard
          id="changed"
          title={t('home.changed', { date: formatDate(data.since, language) })}
          empty={t('home.changedNone')}
          count={data.changed.length}
        >
          {data.changed.map((item) => (
            <AssetItem key={item.asset.id} item={item} who={false} />
          ))}
        </HomeCard>
        <HomeCard
          id="my-uploads"
          title={t('home.myUploads')}
          empty={t('home.myUploadsNone')}
          count={data.recentUploads.mine.length}
        >
          {data.recentUploads.mine.map((item) => (
            <AssetItem key={item.asset.id} item={item} who={false} />
          ))}
        </HomeCard>
        <HomeCard
          id="library-uploads"
          title={t('home.libraryUploads')}
          empty={t('home.libraryUploadsNone')}
          count={data.recentUploads.library.length}
        >
          {data.recentUploads.library.map((item) => (
            <AssetItem key={item.asset.id} item={item} who />
          ))}
        </HomeCard>
        <HomeCard
          id="shared"
          title={t('home.shared')}
          empty={t('home.sharedNone')}
          count={data.shared.length}
          more={<Link to={{ name: 'collections' }}>{t('home.allCollections')}</Link>}
        >
          {data.shared.map((each) => (
            <Box as="li" key={each.id} data-collection={each.id}>
              <Link to={{ name: 'collection', id: each.id }} fontWeight="medium">
                {each.name}
              </Link>
              <Text fontSize="sm" color="fg.muted">
                {t('home.sharedBy', { owner: each.owner, count: each.assetCount })}
              </Text>
            </Box>
          ))}
        </HomeCard>
      </SimpleGrid>
    </Stack>
  );
}
