import type { ReactNode } from 'react';
import { Empty, ErrorAlert, ListSkeleton } from '../components/feedback.tsx';

/** What a list screen needs of a query: TanStack's result, or anything shaped like it. */
export interface ListQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: readonly T[] | undefined;
}

/**
 * A list's four states in one place: placeholders while it loads, the server's message when it fails, the empty
 * text when there is nothing, else the list the caller draws.
 */
export function QueryStates<T>(props: {
  query: ListQuery<T>;
  empty: string;
  emptyDescription?: string;
  /** A button in the empty state ("New cart"). */
  emptyAction?: ReactNode;
  rows?: number;
  children(items: readonly T[]): ReactNode;
}) {
  const { query } = props;
  if (query.isPending) return <ListSkeleton rows={props.rows} />;
  if (query.isError) return <ErrorAlert error={query.error} />;
  if (!query.data) return null;
  if (query.data.length === 0)
    return <Empty title={props.empty} description={props.emptyDescription} action={props.emptyAction} />;
  return <>{props.children(query.data)}</>;
}
