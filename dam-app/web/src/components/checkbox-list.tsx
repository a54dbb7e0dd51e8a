import { Checkbox, CheckboxGroup, Fieldset, SimpleGrid, Text } from '@chakra-ui/react';

export interface Option<V extends string | number> {
  value: V;
  label: string;
  /** A short note shown beside the label. */
  hint?: string;
}

/** A labelled group of checkboxes: groups, ACLs, members, permissions. */
export function CheckboxList<V extends string | number>(props: {
  legend: string;
  options: Option<V>[];
  selected: V[];
  onChange(selected: V[]): void;
  columns?: number;
  empty?: string;
}) {
  const byKey = new Map(props.options.map((option) => [String(option.value), option.value]));
  return (
    <Fieldset.Root>
      <CheckboxGroup
        value={props.selected.map(String)}
        onValueChange={(values) => props.onChange(values.map((value) => byKey.get(value) as V))}
      >
        <Fieldset.Legend fontWeight="semibold" fontSize="sm">
          {props.legend}
        </Fieldset.Legend>
        {props.options.length === 0 && props.empty && (
          <Text fontSize="sm" color="fg.muted">
            {props.empty}
          </Text>
        )}
        <SimpleGrid columns={{ base: 1, sm: props.columns ?? 2 }} gap="2" mt="1">
          {props.options.map((option) => (
            <Checkbox.Root key={String(option.value)} value={String(option.value)} size="sm">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {option.label}
                {option.hint && (
                  <Text as="span" display="block" fontSize="xs" color="fg.muted" fontWeight="normal">
                    {option.hint}
                  </Text>
                )}
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
      </CheckboxGroup>
    </Fieldset.Root>
  );
}
