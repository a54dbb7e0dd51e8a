// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { en, renderScreen } from '../test-support/render-screen.tsx';
import { ListSection } from './list-section.tsx';
import { useEditableList } from './use-editable-list.tsx';

type Thing = { id: number; name: string; locked?: boolean };
const THINGS: Thing[] = [
  { id: 1, name: 'Alpha' },
  { id: 2, name: 'Beta', locked: true },
];

function Things(props: { remove?(thing: Thing): Promise<unknown> }) {
  const list = useEditableList<Thing>({
    editor: (thing, close) => (
      <section aria-label="editor">
        {thing ? `Editing ${thing.name}` : 'New'}
        <button type="button" onClick={close}>
          Close
        </button>
      </section>
    ),
    nameOf: (thing) => thing.name,
    editLabel: (thing) => `Edit ${thing.name}`,
    mayDelete: (thing) => !thing.locked,
    ...(props.remove
      ? { remove: { run: props.remove, body: (thing: Thing) => `Delete ${thing.name}?`, refresh: [] } }
      : {}),
  });
  return (
    <ListSection
      create={{ label: 'New thing', onClick: list.create }}
      query={{ isPending: false, isError: false, error: null, data: THINGS }}
      empty="No things."
      rowKey={(thing) => thing.id}
      columns={[{ header: 'Name', cell: (thing) => thing.name }]}
      actions={list.buttons}
    >
      {list.dialogs}
    </ListSection>
  );
}

describe('useEditableList', () => {
  it('opens the editor on a new item or on the row whose Edit was pressed, and closes it', async () => {
    renderScreen(<Things />);
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Beta' }));
    expect((await screen.findByRole('region', { name: 'editor' })).textContent).toContain('Editing Beta');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'editor' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'New thing' }));
    expect((await screen.findByRole('region', { name: 'editor' })).textContent).toContain('New');
  });

  it('offers Delete only where allowed, asks first, then deletes that row', async () => {
    const remove = vi.fn().mockResolvedValue({ ok: true });
    renderScreen(<Things remove={remove} />);
    expect(screen.queryByRole('button', { name: 'Delete Beta' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Alpha' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Delete Alpha?');
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(screen.getAllByRole('button', { name: en('app.delete') }).at(-1) as Element);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(remove.mock.calls.map(([thing]) => thing.name)).toEqual(['Alpha']);
  });
});
