import { Checkbox } from '@chakra-ui/react';
import type { Column } from './data-table.tsx';

/**
 * A table's first column of checkboxes: one per row, and one in the header that selects every row, none, or shows
 * that some are selected.
 */
export function selectColumn<T>(options: {
  rows: readonly T[];
  selected: readonly number[];
  onSelect(ids: number[]): void;
  idOf(row: T): number;
  allLabel: string;
  rowLabel(row: T): string;
  width?: string;
}): Column<T> {
  const { rows, selected, onSelect, idOf } = options;
  const all = rows.length > 0 && rows.every((row) => selected.includes(idOf(row)));
  const some = !all && rows.some((row) => selected.includes(idOf(row)));
  return {
    props: { width: options.width ?? '8' },
    header: (
      <Checkbox.Root
        size="sm"
        checked={all ? true : some ? 'indeterminate' : false}
        onCheckedChange={(details) => onSelect(details.checked === true ? rows.map(idOf) : [])}
      >
        <Checkbox.HiddenInput aria-label={options.allLabel} />
        <Checkbox.Control />
      </Checkbox.Root>
    ),
    cell: (row) => {
      const id = idOf(row);
      return (
        <Checkbox.Root
          size="sm"
          checked={selected.includes(id)}
          onCheckedChange={(details) =>
            onSelect(details.checked === true ? [...selected, id] : selected.filter((each) => each !== id))
          }
        >
          <Checkbox.HiddenInput aria-label={options.rowLabel(row)} />
          <Checkbox.Control />
        </Checkbox.Root>
      );
    },
  };
}
