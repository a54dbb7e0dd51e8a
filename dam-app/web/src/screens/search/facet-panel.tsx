import { Box, Button, Checkbox, Fieldset, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FACETS, type SearchResult } from '../../../../api/search.ts';
import { usePreferences } from '../../app/preferences.tsx';
import { facetValueLabel } from './facet-value.ts';

export type Facet = (typeof FACETS)[number];
export type Refinement = Partial<Record<Facet, (string | number)[]>>;

const SHOWN = 8;

/** Refinement Search: each facet's values with their counts; picked values narrow the result. */
export function FacetPanel({
  facets,
  refine,
  onRefine,
}: {
  facets: NonNullable<SearchResult['facets']> | null | undefined;
  refine: Refinement;
  onRefine(next: Refinement): void;
}) {
  const { t } = usePreferences();
  const [open, setOpen] = useState<Set<Facet>>(new Set());
  const toggle = (facet: Facet, value: string | number, on: boolean) => {
    const current = refine[facet] ?? [];
    const next = on ? [...current, value] : current.filter((each) => each !== value);
    onRefine({ ...refine, [facet]: next });
  };
  const picked = Object.values(refine).some((values) => values?.length);
  // Nothing to refine and nothing refined (a search that found nothing): no empty panel beside the message.
  const hasValues = Object.values(facets ?? {}).some((values) => Array.isArray(values) && values.length > 0);
  if (facets && !hasValues && !picked) return null;
  return (
    <Box
      as="aside"
      aria-labelledby="refine-heading"
      width={{ base: 'full', lg: '56' }}
      flexShrink={0}
      borderWidth="1px"
      borderRadius="md"
      p="3"
    >
      <Heading as="h2" id="refine-heading" size="sm" mb="2">
        {t('search.refine')}
      </Heading>
      {picked && (
        <Button size="xs" variant="outline" mb="3" onClick={() => onRefine({})}>
          {t('search.clearRefine')}
        </Button>
      )}
      <SimpleGrid columns={{ base: 1, md: 3, lg: 1 }} gap="4">
        {FACETS.map((facet) => {
          const values = facets?.[facet] ?? [];
          const chosen = refine[facet] ?? [];
          // A value picked earlier stays listed even when the other filters leave it no matches.
          const missing = chosen.filter((value) => !values.some((each) => each.value === value));
          const all = [...values, ...missing.map((value) => ({ value, count: 0 }))];
          if (all.length === 0) return null;
          const shown = open.has(facet) ? all : all.slice(0, SHOWN);
          return (
            <Fieldset.Root key={facet} size="sm">
              <Fieldset.Legend fontWeight="semibold">{t(`search.facet.${facet}`)}</Fieldset.Legend>
              <Stack gap="1" mt="1">
                {shown.map((each) => (
                  <Checkbox.Root
                    key={String(each.value)}
                    size="sm"
                    checked={chosen.includes(each.value)}
                    onCheckedChange={(details) => toggle(facet, each.value, details.checked === true)}
                    data-facet={facet}
                    data-value={String(each.value)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>
                      {facetValueLabel(facet, each.value, t)}{' '}
                      <Text as="span" color="fg.muted">
                        ({each.count})
                      </Text>
                    </Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
              {all.length > SHOWN && (
                <Button
                  size="xs"
                  variant="ghost"
                  alignSelf="flex-start"
                  onClick={() =>
                    setOpen((current) => {
                      const next = new Set(current);
                      if (next.has(facet)) next.delete(facet);
                      else next.add(facet);
                      return next;
                    })
                  }
                >
                  {open.has(facet) ? t('search.showFewer') : t('search.showAll', { count: all.length })}
                </Button>
              )}
            </Fieldset.Root>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}
