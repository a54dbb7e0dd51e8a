// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ASSET_MESSAGES } from '../../../api/asset-messages.ts';
import { cartNameSchema } from '../../../api/working-sets.ts';
import { ApiFailure } from '../api/api-failure.ts';
import { en, enSpec, renderScreen } from '../test-support/render-screen.tsx';
import { ListSection } from './list-section.tsx';
import { NameDialog } from './name-dialog.tsx';
import { PickOrCreateDialog } from './pick-or-create-dialog.tsx';
import type { ListQuery } from './query-states.tsx';
import { RowButton } from './row-button.tsx';
import { selectColumn } from './select-column.tsx';
import { useConfirm } from './use-confirm.tsx';

type Thing = { id: number; name: string };
const THINGS: Thing[] = [
  { id: 1, name: 'Alpha' },
  { id: 2, name: 'Beta' },
];
const query = (state: Partial<ListQuery<Thing>>): ListQuery<Thing> => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  ...state,
});
const refused = new ApiFailure(409, 'conflict', ASSET_MESSAGES.cartNameRequired);

/** A list with a delete that asks first: the pattern of every administration section. */
function Things(props: { query: ListQuery<Thing>; remove(thing: Thing): Promise<unknown> }) {
  const [selected, setSelected] = useState<number[]>([]);
  const remove = useConfirm({
    run: props.remove,
    title: 'Delete',
    body: (thing) => `Delete ${thing.name}?`,
    confirmLabel: 'Delete',
  });
  return (
    <ListSection
      create={{ label: 'New thing', onClick: () => {} }}
      query={props.query}
      empty="No things."
      rowKey={(thing) => thing.id}
      columns={[
        selectColumn({
          rows: props.query.data ?? [],
          selected,
          onSelect: setSelected,
          idOf: (thing) => thing.id,
          allLabel: 'Select all',
          rowLabel: (thing) => `Select ${thing.name}`,
        }),
        { header: 'Name', cell: (thing) => thing.name },
      ]}
      actions={(thing) => (
        <RowButton danger text="Delete" label={`Delete ${thing.name}`} onClick={() => remove.ask(thing)} />
      )}
    >
      <output>{selected.join(',')}</output>
      {remove.dialog}
    </ListSection>
  );
}

describe('ListSection', () => {
  it('draws a list in each of its four states', () => {
    const remove = vi.fn();
    const view = renderScreen(<Things query={query({ isPending: true })} remove={remove} />);
    expect(screen.getByLabelText(en('app.loading'))).toBeTruthy();
    view.rerender(<Things query={query({ isError: true, error: refused })} remove={remove} />);
    expect(screen.getByRole('alert').textContent).toContain(ASSET_MESSAGES.cartNameRequired);
    view.rerender(<Things query={query({ data: [] })} remove={remove} />);
    expect(screen.getByText('No things.')).toBeTruthy();
    view.rerender(<Things query={query({ data: THINGS })} remove={remove} />);
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('columnheader', { name: en('app.actions') })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New thing' })).toBeTruthy();
  });

  it('selects one row, then all, then none', async () => {
    const tick = (label: string) => fireEvent.click(screen.getByLabelText(label));
    const shown = (ids: string) => waitFor(() => expect(screen.getByRole('status').textContent).toBe(ids));
    renderScreen(<Things query={query({ data: THINGS })} remove={vi.fn()} />);
    tick('Select Beta');
    await shown('2');
    tick('Select all');
    await shown('1,2');
    tick('Select all');
    await shown('');
  });
});

describe('useConfirm', () => {
  it('asks first, keeps the dialog open with the server’s message, and closes once the action succeeds', async () => {
    const remove = vi.fn().mockRejectedValueOnce(refused).mockResolvedValueOnce({ ok: true });
    renderScreen(<Things query={query({ data: THINGS })} remove={remove} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Beta' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete Beta?');
    expect(remove).not.toHaveBeenCalled();
    const confirm = () =>
      fireEvent.click(screen.getAllByRole('button', { name: en('app.delete') }).at(-1) as Element);
    confirm();
    await waitFor(() =>
      expect(screen.getByRole('alertdialog').textContent).toContain(ASSET_MESSAGES.cartNameRequired),
    );
    confirm();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(remove.mock.calls.map(([thing]) => thing.name)).toEqual(['Beta', 'Beta']);
  });
});

describe('NameDialog', () => {
  const draw = (save: (body: { name: string }) => Promise<Thing>, onSaved = vi.fn()) => {
    renderScreen(
      <NameDialog
        title="New cart"
        submitLabel="Create"
        label="Name"
        schema={cartNameSchema}
        save={save}
        onSaved={onSaved}
        onClose={() => {}}
      />,
    );
    return onSaved;
  };
  const send = (name: string) => {
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: name } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
  };

  it('checks the name with the shared schema before asking the server', async () => {
    const save = vi.fn();
    draw(save);
    send('   ');
    expect(await screen.findByText(ASSET_MESSAGES.cartNameRequired)).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('sends the checked name and hands on what the server answered', async () => {
    const save = vi.fn(async (body: { name: string }) => ({ id: 3, name: body.name }));
    const onSaved = draw(save);
    send('  Print run ');
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 3, name: 'Print run' }));
  });

  it('shows a refusal that names no field above the name', async () => {
    draw(() => Promise.reject(refused));
    send('Print run');
    expect((await screen.findByRole('alert')).textContent).toContain(ASSET_MESSAGES.cartNameRequired);
  });
});

describe('PickOrCreateDialog', () => {
  const draw = (choices: Thing[], add = vi.fn(async () => 'added')) => {
    const onAdded = vi.fn();
    renderScreen(
      <PickOrCreateDialog
        open
        title="Add to cart"
        submitLabel="Add"
        intro="2 assets"
        pickLabel="Cart"
        name="cart"
        newOption="New cart…"
        nameLabel="Cart name"
        choices={choices}
        choiceLabel={(each) => each.name}
        loading={false}
        loadError={null}
        nameSchema={cartNameSchema}
        add={add}
        onAdded={onAdded}
        onClose={() => {}}
      />,
    );
    return { add, onAdded };
  };

  it('adds to the first set unless another is picked', async () => {
    const { add, onAdded } = draw(THINGS);
    expect(screen.queryByLabelText(/Cart name/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith('added'));
    expect(add).toHaveBeenCalledWith(THINGS[0], '');
  });

  it('asks for a name when there is no set yet, and checks it first', async () => {
    const { add } = draw([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(ASSET_MESSAGES.cartNameRequired)).toBeTruthy();
    expect(add).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/Cart name/), { target: { value: 'Proofs' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add' })));
    expect(add).toHaveBeenCalledWith(undefined, 'Proofs');
  });
});

// Keeps the import of the spec texts honest: the shared message is the one a person reads.
it('uses the spec’s texts', () => expect(enSpec('cartNameRequired')).toBe(ASSET_MESSAGES.cartNameRequired));
