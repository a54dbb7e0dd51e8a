import { Button, Flex, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { usePreferences } from '../../app/preferences.tsx';
import { ErrorAlert, ListSkeleton } from '../../components/feedback.tsx';
import { Select } from '../../components/select-field.tsx';
import { type SearchQuery, useCalendar } from './browse-queries.ts';
import { bucketLabel, bucketRange, type CalendarUnit } from './calendar-bucket.ts';

type DateField = 'dateCreated' | 'dateAdded';

/**
 * The Calendar view: how many assets fall in each day, week (from Sunday, R-WEEK-STARTS-SUNDAY) or month; picking a period
 * narrows the result below to it.
 */
export function CalendarView({
  request,
  onNarrow,
}: {
  request: SearchQuery;
  onNarrow(narrowed: SearchQuery | null, label: string): void;
}) {
  const { t, language } = usePreferences();
  const [field, setField] = useState<DateField>('dateCreated');
  const [unit, setUnit] = useState<CalendarUnit>('month');
  const [picked, setPicked] = useState<string | null>(null);
  const calendar = useCalendar(request, field, unit);

  const choose = (start: string | null) => {
    setPicked(start);
    if (start === null) return onNarrow(null, '');
    const { from, to } = bucketRange(start, unit);
    onNarrow(
      {
        ...request,
        conditions: [...(request.conditions ?? []), { field, op: 'between', value: from, to }],
      },
      bucketLabel(start, unit, language),
    );
  };

  return (
    <Stack gap="3">
      <Flex gap="2" wrap="wrap">
        <Select
          size="sm"
          width="44"
          aria-label={t('browse.calendarField')}
          value={field}
          onValue={(next) => {
            setField(next as DateField);
            choose(null);
          }}
          choices={(['dateCreated', 'dateAdded'] as const).map((each) => ({
            value: each,
            label: t(`asset.${each}`),
          }))}
        />
        <Select
          size="sm"
          width="36"
          aria-label={t('browse.calendarUnit')}
          value={unit}
          onValue={(next) => {
            setUnit(next as CalendarUnit);
            choose(null);
          }}
          choices={(['day', 'week', 'month'] as const).map((each) => ({
            value: each,
            label: t(`browse.unit.${each}`),
          }))}
        />
      </Flex>
      {calendar.isPending ? (
        <ListSkeleton rows={2} />
      ) : calendar.isError ? (
        <ErrorAlert error={calendar.error} />
      ) : calendar.data.buckets.length === 0 ? (
        <Text color="fg.muted">{t('browse.empty')}</Text>
      ) : (
        <SimpleGrid minChildWidth="40" gap="2">
          {calendar.data.buckets.map((bucket) => (
            <Button
              key={bucket.start}
              variant={picked === bucket.start ? 'solid' : 'outline'}
              colorPalette={picked === bucket.start ? 'teal' : 'gray'}
              aria-pressed={picked === bucket.start}
              height="auto"
              py="2"
              flexDirection="column"
              onClick={() => choose(picked === bucket.start ? null : bucket.start)}
            >
              <Text fontWeight="semibold">
                {unit === 'week'
                  ? t('browse.weekOf', { date: bucketLabel(bucket.start, unit, language) })
                  : bucketLabel(bucket.start, unit, language)}
              </Text>
              <Text fontSize="xs">{t('browse.count', { count: bucket.count })}</Text>
            </Button>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
