// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES } from '../../../../api/messages.ts';
import { failure, fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { AdminScreen } from './admin-screen.tsx';

const DICTIONARIES = [
  { id: 1, name: 'English', words: 46924, shipped: true, usedBy: ['Photo'] },
  { id: 2, name: 'Cities', words: 3, shipped: false, usedBy: [] },
];

describe('the dictionaries section (R-DICTIONARIES)', () => {
  it('lists the dictionaries with their word counts, the shipped one marked, and the forms using them', async () => {
    fakeApi({ 'GET /admin/dictionaries': DICTIONARIES });
    renderScreen(<AdminScreen section="dictionaries" />);
    expect(await screen.findByText('Cities')).toBeTruthy();
    expect(screen.getByText(en('dictionary.shipped'))).toBeTruthy();
    expect(screen.getByText((46924).toLocaleString())).toBeTruthy();
    expect(screen.getByText('Photo')).toBeTruthy();
  });

  it('uploads an Excel file as base64 with its name', async () => {
    const api = fakeApi({
      'GET /admin/dictionaries': DICTIONARIES,
      'POST /admin/dictionaries/upload': {
        status: 201,
        body: { id: 3, name: 'Moods', words: 2, shipped: false, usedBy: [] },
      },
    });
    renderScreen(<AdminScreen section="dictionaries" />);
    await screen.findByText('Cities');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Moods' } });
    const file = new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'moods.xlsx');
    fireEvent.change(screen.getByLabelText(en('dictionary.file')), { target: { files: [file] } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en('dictionary.upload') })));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Moods',
      fileName: 'moods.xlsx',
      content: 'UEsDBA==',
    });
  });

  it('says why a dictionary in use cannot be deleted (R-DICTIONARY-IN-USE)', async () => {
    fakeApi({
      'GET /admin/dictionaries': DICTIONARIES,
      'DELETE /admin/dictionaries/1': failure(409, 'dictionary_in_use', FIELD_MESSAGES.dictionaryInUse),
    });
    renderScreen(<AdminScreen section="dictionaries" />);
    fireEvent.click(await screen.findByRole('button', { name: `${en('app.delete')} English` }));
    const dialog = await screen.findByRole('alertdialog').catch(() => screen.findByRole('dialog'));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: en('app.delete') })));
    expect(await within(dialog).findByText(FIELD_MESSAGES.dictionaryInUse)).toBeTruthy();
  });
});
