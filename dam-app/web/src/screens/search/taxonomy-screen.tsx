import { Badge, Box, Flex, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { SessionView } from '../../../../api/accounts.ts';
import { listKeywords } from '../../../../api/contract/search-endpoints.ts';
import { api } from '../../api/api-client.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { Empty, ErrorAlert, ListSkeleton, Notice } from '../../components/feedback.tsx';
import { Link } from '../../components/link.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { defineScreen } from '../../router/define-screen.ts';
import { path } from '../../router/route-codec.ts';
import type { Draw, ScreenEntry } from '../../router/routes.ts';
import { LIBRARY_KEY } from '../browse/browse-queries.ts';
import { groupByLetter } from './group-by-letter.ts';

export const screen = defineScreen('taxonomy', { codec: path('/taxonomy'), places: true });
export const draw: Draw<'taxonomy'> = (_, { session }) => <TaxonomyScreen session={session} />;

/** The Taxonomy Browser over the global keywords; only with "view global keywords" (R-GLOBAL-KEYWORDS). */
export function TaxonomyScreen({ session }: { session: SessionView }) {
  const { t, spec } = usePreferences();
  const allowed = session.permissions.includes('view global keywords');
  const [filter, setFilter] = useState('');
  const keywords = useQuery({
    queryKey: [...LIBRARY_KEY, 'keywords'],
    queryFn: ({ signal }) => api.call(listKeywords, { signal }),
    enabled: allowed,
  });
  const groups = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    const list = keywords.data?.keywords.filter((each) => each.keyword.toLowerCase().includes(needle)) ?? [];
    return groupByLetter(list);
  }, [keywords.data, filter]);

  if (!allowed)
    return (
      <Stack gap="4">
        <ScreenHeader title={t('search.taxonomy')} />
        <Notice status="warning">{spec('noPermission')}</Notice>
      </Stack>
    );
  return (
    <Stack gap="4">
      <ScreenHeader title={t('search.taxonomy')} intro={t('search.taxonomyIntro')} />
      <SearchInput maxWidth="sm" label={t('search.filterKeywords')} value={filter} onValue={setFilter} />
      {keywords.isPending ? (
        <ListSkeleton />
      ) : keywords.isError ? (
        <ErrorAlert error={keywords.error} />
      ) : groups.length === 0 ? (
        <Empty title={t('search.noKeywords')} />
      ) : (
        <SimpleGrid minChildWidth="56" gap="5">
          {groups.map(([letter, list]) => (
            <Box key={letter} as="section" aria-labelledby={`letter-${letter}`}>
              <Heading as="h2" id={`letter-${letter}`} size="md" mb="2">
                {letter}
              </Heading>
              <Flex as="ul" direction="column" gap="1" listStyleType="none" m="0" p="0">
                {list.map((each) => (
                  <Flex as="li" key={each.keyword} gap="2" align="center">
                    <Link to={{ name: 'search', query: '', keyword: each.keyword }}>{each.keyword}</Link>
                    <Badge variant="subtle">{each.count}</Badge>
                  </Flex>
                ))}
              </Flex>
            </Box>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

declare module '../../router/routes.ts' {
  interface Screens extends ScreenEntry<typeof screen> {}
}
