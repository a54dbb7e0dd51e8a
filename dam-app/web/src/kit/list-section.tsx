import { Button, HStack, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DataTable, type DataTableProps } from './data-table.tsx';
import { type ListQuery, QueryStates } from './query-states.tsx';

/**
 * A list screen or section: the actions above (a "New …" button, a form), the list in its four states as a table,
 * and what it opens (editor, confirm dialog) after. The administration, API keys and working-set lists are this.
 */
export function ListSection<T>(
  props: Omit<DataTableProps<T>, 'rows'> & {
    /** The main button above the list ("New group"), or a whole toolbar. */
    create?: { label: string; onClick(): void };
    toolbar?: ReactNode;
    query: ListQuery<T>;
    empty: string;
    emptyDescription?: string;
    /** Rows of placeholders while loading. */
    rows?: number;
    children?: ReactNode;
  },
) {
  return (
    <Stack gap="4">
      {(props.create || props.toolbar) && (
        <HStack gap="2" wrap="wrap">
          {props.create && (
            <Button colorPalette="teal" onClick={props.create.onClick}>
              {props.create.label}
            </Button>
          )}
          {props.toolbar}
        </HStack>
      )}
      <QueryStates
        query={props.query}
        empty={props.empty}
        emptyDescription={props.emptyDescription}
        rows={props.rows}
      >
        {(rows) => (
          <DataTable
            rows={rows}
            columns={props.columns}
            rowKey={props.rowKey}
            actions={props.actions}
            rowProps={props.rowProps}
            interactive={props.interactive}
            actionsLabel={props.actionsLabel}
            label={props.label}
          />
        )}
      </QueryStates>
      {props.children}
    </Stack>
  );
}
