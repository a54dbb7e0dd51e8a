// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { valueProblem } from '../../../api/field-validators.ts';
import { fakeApi } from '../test-support/fake-api.ts';
import { en, renderScreen } from '../test-support/render-screen.tsx';
import { BulkEditDialog } from './bulk-edit-dialog.tsx';

// R-BULK-EDIT with R-FORM-ASSIGN: the form the selection's folder uses for bulk edit is offered with its validators;
// the values filled in go to the server in one all-or-none call.
const NS = 'http://ns.example.org/photo/1.0/';
const field = (property: string, kind: string) => ({
  schema: NS,
  property,
  label: property,
  validator: { kind, notEmpty: false },
  multiline: false,
});
const FORM = {
  id: 4,
  name: 'Bulk photo',
  description: '',
  tabs: [{ name: 'Main', fields: [field('city', 'String'), field('copies', 'Integer')] }],
  rules: [],
  assignments: [{ folderId: 2, use: 'bulkEdit' }],
};

describe('Bulk Edit through the folder’s bulk edit form', () => {
  it('checks each filled field with its validator, then applies the values to the whole selection', async () => {
    const api = fakeApi({
      'GET /assets/7/form': { form: FORM, values: {} },
      'POST /assets/form-values': { assets: 2, updated: 2 },
    });
    renderScreen(<BulkEditDialog open assetIds={[7, 8]} onClose={() => {}} />);
    const dialog = within(await screen.findByRole('dialog'));
    const copies = await dialog.findByLabelText('copies');
    fireEvent.change(dialog.getByLabelText('city'), { target: { value: 'Oslo' } });
    fireEvent.change(copies, { target: { value: 'many' } });
    const apply = dialog.getByRole('button', { name: en('bulkEdit.apply', { count: 2 }) });
    await act(async () => fireEvent.click(apply));
    expect(
      await dialog.findByText(valueProblem({ kind: 'Integer', notEmpty: false }, 'many') as string),
    ).toBeTruthy();
    expect(api.calls.some((call) => call.path === '/assets/form-values')).toBe(false);
    fireEvent.change(copies, { target: { value: '3' } });
    await act(async () => fireEvent.click(apply));
    await waitFor(() =>
      expect(api.calls.find((call) => call.path === '/assets/form-values')?.body).toEqual({
        assetIds: [7, 8],
        use: 'bulkEdit',
        values: { [`${NS}city`]: 'Oslo', [`${NS}copies`]: '3' },
      }),
    );
    expect(api.calls.find((call) => call.path === '/assets/7/form')?.query).toBe('?use=bulkEdit');
    expect(api.calls.some((call) => call.path === '/assets/bulk-edit')).toBe(false);
  });
});
