import { HStack, Table, type TableCellProps, type TableRowProps, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { usePreferences } from '../app/preferences.tsx';

export interface Column<T> {
  header: ReactNode;
  cell(row: T): ReactNode;
  /** Chakra cell props (width, weight…), for the header and every cell of the column. */
  props?: TableCellProps;
}

export interface DataTableProps<T> {
  rows: readonly T[];
  columns: Column<T>[];
  rowKey(row: T): string | number;
  actions?(row: T): ReactNode;
  rowProps?(row: T): TableRowProps;
  interactive?: boolean;
  striped?: boolean;
  /** Names the table for screen readers; a named table's scroll area is reachable by keyboard. */
  label?: string;
  /** The hidden header of the actions column; "Actions" unless told otherwise. */
  actionsLabel?: string;
}

/** The lists' table: a header row, one row per item, and an end column of row actions when `actions` is given. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = usePreferences();
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={props.label ? 0 : undefined}>
      <Table.Root size="sm" interactive={props.interactive} striped={props.striped} aria-label={props.label}>
        <Table.Header>
          <Table.Row>
            {props.columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns are a fixed list
              <Table.ColumnHeader key={index} {...column.props}>
                {column.header}
              </Table.ColumnHeader>
            ))}
            {props.actions && (
              <Table.ColumnHeader>
                <VisuallyHidden>{props.actionsLabel ?? t('app.actions')}</VisuallyHidden>
              </Table.ColumnHeader>
            )}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {props.rows.map((row) => (
            <Table.Row key={props.rowKey(row)} {...props.rowProps?.(row)}>
              {props.columns.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are a fixed list
                <Table.Cell key={index} {...column.props}>
                  {column.cell(row)}
                </Table.Cell>
              ))}
              {props.actions && (
                <Table.Cell textAlign="end">
                  <HStack justify="flex-end" gap="2">
                    {props.actions(row)}
                  </HStack>
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
