// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { METADATA_IO_MESSAGES } from '../../../../api/messages.ts';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { MetadataImportScreen } from './metadata-import-screen.tsx';

const IMPORT = {
  id: 5,
  fileName: 'photos.csv',
  format: 'csv',
  encoding: 'utf-8',
  match: 'id',
  state: 'finished',
  rows: 3,
  applied: 2,
  unchanged: 0,
  errorCount: 1,
  errors: [{ row: 3, message: METADATA_IO_MESSAGES.noAsset }],
  createdAt: '2026-11-27T06:00:00.000Z',
  finishedAt: '2026-11-27T06:00:01.000Z',
};

const pick = (name: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${en('metadataIo.file')}`)), {
    target: { files: [new File(['id,x\n1,a\n'], name)] },
  });

describe('the metadata import screen (R-METADATA-IMPORT)', () => {
  it('refuses a file that is not CSV, XML or TXT, previews a file and imports it with the custom format', async () => {
    const api = fakeApi({
      'GET /metadata/imports': [],
      'POST /metadata/imports/preview': {
        rows: 2,
        changing: 1,
        unchanged: 0,
        errorCount: 1,
        errors: [{ row: 3, message: METADATA_IO_MESSAGES.noAsset }],
        changes: [{ row: 2, assetId: 7, key: 'http://ns.example.org/p/city', from: '', to: 'Oslo' }],
      },
      'POST /metadata/imports': { status: 202, body: { ...IMPORT, state: 'starting', rows: 0, errors: [] } },
    });
    renderScreen(<MetadataImportScreen />);
    expect(await screen.findByText(en('metadataIo.noImports'))).toBeTruthy();
    pick('photos.json');
    expect(await screen.findByText(METADATA_IO_MESSAGES.importFileType)).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: en('metadataIo.preview') }) as HTMLButtonElement).disabled,
    ).toBe(true);
    pick('photos.txt');
    fireEvent.change(screen.getByLabelText(en('metadataIo.format')), { target: { value: 'custom' } });
    fireEvent.change(screen.getByLabelText(new RegExp(`^${en('metadataIo.delimiter')}`)), {
      target: { value: '|' },
    });
    fireEvent.change(screen.getByLabelText(en('metadataIo.matchBy')), { target: { value: 'path' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en('metadataIo.preview') })));
    expect(
      await screen.findByText(
        en('metadataIo.previewSummary', { rows: 2, changing: 1, unchanged: 0, errors: 1 }),
      ),
    ).toBeTruthy();
    expect(screen.getByText('Oslo')).toBeTruthy();
    expect(screen.getByText(METADATA_IO_MESSAGES.noAsset)).toBeTruthy();
    const previewCall = api.calls.find((call) => call.path === '/metadata/imports/preview');
    expect(new URLSearchParams(previewCall?.query)).toEqual(
      new URLSearchParams({
        format: 'custom',
        encoding: 'utf-8',
        delimiter: '|',
        escape: '\\',
        match: 'path',
        fileName: 'photos.txt',
      }),
    );
    expect(previewCall?.body).toBeInstanceOf(File);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: en('metadataIo.import') })));
    await waitFor(() =>
      expect(
        api.calls.filter((call) => call.method === 'POST' && call.path === '/metadata/imports'),
      ).toHaveLength(1),
    );
  });

  it('lists the imports with their states and the last one’s refused rows', async () => {
    fakeApi({ 'GET /metadata/imports': [IMPORT] });
    renderScreen(<MetadataImportScreen />);
    expect(await screen.findByText(en('metadataIo.stateFinished'))).toBeTruthy();
    expect(
      screen.getByText(en('metadataIo.countsValue', { rows: 3, applied: 2, unchanged: 0, errors: 1 })),
    ).toBeTruthy();
    expect(
      screen.getByRole('table', { name: en('metadataIo.lastErrors', { name: 'photos.csv' }) }),
    ).toBeTruthy();
  });
});
