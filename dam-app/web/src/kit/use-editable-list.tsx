import type { QueryKey } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { usePreferences } from '../app/preferences.tsx';
import { RowButton } from './row-button.tsx';
import { useConfirm } from './use-confirm.tsx';
import { useEditing } from './use-editing.ts';
import { useRefresh } from './use-refresh.ts';

/**
 * A list whose rows open an editor and may be deleted: the "New …" action (`create`), each row's Edit and Delete
 * buttons (`buttons(row)`, for `ListSection`'s `actions`) and what they open (`dialogs`, as the section's children):
 * the editor, remounted per item, and the delete confirmation that keeps the server's refusal.
 */
export function useEditableList<T extends { id: number | string }>(options: {
  /** The create/edit side panel, for a new item (`undefined`) or a row. */
  editor(item: T | undefined, close: () => void): ReactNode;
  /** The row's name, for the Delete button's label. */
  nameOf(item: T): string;
  /** The Edit button's label, naming the row ("Edit group Designers"). */
  editLabel(item: T): string;
  /** Deleting one row: the call, the confirmation's text, the lists loaded again after. */
  remove?: { run(item: T): Promise<unknown>; body(item: T): ReactNode; refresh: readonly QueryKey[] };
  /** Who may edit or delete which row (every row, unless told). */
  mayEdit?(item: T): boolean;
  mayDelete?(item: T): boolean;
}) {
  const { t } = usePreferences();
  const refresh = useRefresh();
  const editing = useEditing<T>();
  const { remove } = options;
  const confirm = useConfirm({
    run: (item: T) => (remove ? remove.run(item) : Promise.resolve()),
    done: () => remove && refresh(remove.refresh),
    title: t('app.delete'),
    body: (item) => remove?.body(item),
    confirmLabel: t('app.delete'),
  });
  const buttons = (row: T) => (
    <>
      {(options.mayEdit?.(row) ?? true) && (
        <RowButton text={t('app.edit')} label={options.editLabel(row)} onClick={() => editing.edit(row)} />
      )}
      {remove && (options.mayDelete?.(row) ?? true) && (
        <RowButton
          danger
          text={t('app.delete')}
          label={`${t('app.delete')} ${options.nameOf(row)}`}
          onClick={() => confirm.ask(row)}
        />
      )}
    </>
  );
  const dialogs = (
    <>
      {editing.open && <Fragment key={editing.key}>{options.editor(editing.item, editing.close)}</Fragment>}
      {remove && confirm.dialog}
    </>
  );
  return { create: editing.create, buttons, dialogs };
}
