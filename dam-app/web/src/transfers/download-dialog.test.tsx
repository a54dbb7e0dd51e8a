// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TRANSFER_MESSAGES } from '../../../api/transfer-messages.ts';
import { en, renderScreen } from '../test-support/render-screen.tsx';
import { DownloadDialog, type DownloadDialogSubject, downloadSubjectOf } from './download-dialog.tsx';

const asset = (id: number) => ({ id }) as never;

function draw(subject: DownloadDialogSubject) {
  renderScreen(
    <DownloadDialog
      open
      subject={subject}
      onStandard={() => undefined}
      onRapid={() => undefined}
      onClose={() => undefined}
    />,
  );
  return screen.getByTestId('download-dialog').textContent ?? '';
}

describe('R-DOWNLOAD-DIALOG: the Download dialog’s text fits what is downloaded', () => {
  it('a cart', () => {
    expect(draw({ kind: 'cart' })).toContain(TRANSFER_MESSAGES.downloadCartText);
  });
  it('a bundle, by its name: not the cart text', () => {
    const text = draw({ kind: 'bundle', name: 'Press kit' });
    expect(text).toContain(en('transfer.downloadBundleText', { name: 'Press kit' }));
    expect(text).not.toContain(TRANSFER_MESSAGES.downloadCartText);
  });
  it('one file', () => {
    expect(draw({ kind: 'file' })).toContain(TRANSFER_MESSAGES.downloadFileText);
  });
  it('several files: not the single-file text', () => {
    const text = draw({ kind: 'selection', count: 3 });
    expect(text).toContain(en('transfer.downloadSelectionText', { count: 3 }));
    expect(text).not.toContain(TRANSFER_MESSAGES.downloadFileText);
  });
  it('takes the subject from the request: one asset is a file, more a selection, a cart a cart', () => {
    expect(downloadSubjectOf({ kind: 'assets', assets: [asset(1)] })).toEqual({ kind: 'file' });
    expect(downloadSubjectOf({ kind: 'assets', assets: [asset(1), asset(2)] })).toEqual({
      kind: 'selection',
      count: 2,
    });
    expect(downloadSubjectOf({ kind: 'cart', cart: { id: 1, name: 'C' } })).toEqual({ kind: 'cart' });
    expect(downloadSubjectOf({ kind: 'bundle', bundle: { id: 2, name: 'B' } })).toEqual({
      kind: 'bundle',
      name: 'B',
    });
  });
});
