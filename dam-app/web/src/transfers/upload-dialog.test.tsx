// @vitest-environment happy-dom
import type { Connect } from '@rapid/sdk';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TRANSFER_MESSAGES } from '../../../api/transfer-messages.ts';
import { en, renderScreen } from '../test-support/render-screen.tsx';
import { UploadDialog } from './upload-dialog.tsx';

/** A client whose file dialog picks the files of each call in turn. */
function clientPicking(...picks: string[][]) {
  const showSelectFileDialogPromise = vi.fn(async () => {
    const files = picks.shift() ?? [];
    return { dataTransfer: { files: files.map((name) => ({ name })) } };
  });
  return { showSelectFileDialogPromise } as unknown as Connect;
}

function draw(connect: Connect) {
  const onUpload = vi.fn();
  renderScreen(
    <UploadDialog
      open
      connect={connect}
      current={{ id: 7, path: 'Library/Shoots', name: 'Shoots' }}
      standardName="Library"
      onUpload={onUpload}
      onClose={() => undefined}
    />,
  );
  return onUpload;
}

const lines = () => screen.getByRole('list', { name: TRANSFER_MESSAGES.chooseFiles }).querySelectorAll('li');
const chooseButtons = () => screen.getAllByRole('button', { name: TRANSFER_MESSAGES.chooseFile });

describe('R-UPLOAD-DIALOG, R-UPLOAD-CHOOSE-LINES: the Upload dialog’s Choose Files lines', () => {
  it('shows "Select a file for each line." when a line is empty, and uploads nothing until each has one', async () => {
    const onUpload = draw(clientPicking(['/home/ada/a.jpg']));
    fireEvent.click(chooseButtons()[0] as HTMLElement);
    await screen.findByText('a.jpg');
    fireEvent.click(screen.getByRole('button', { name: en('transfer.addLine') }));
    expect(lines()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: TRANSFER_MESSAGES.upload }));
    expect((await screen.findByRole('alert')).textContent).toBe(TRANSFER_MESSAGES.selectFileEachLine);
    expect(onUpload).not.toHaveBeenCalled();
    // Nothing was dropped: the chosen file and the empty line are both still there.
    expect(lines()).toHaveLength(2);
    expect(screen.getByText('a.jpg')).toBeTruthy();
  });

  it('uploads once every line has its file; several picked at once get a line each', async () => {
    const onUpload = draw(clientPicking(['/home/ada/a.jpg', '/home/ada/b.jpg'], ['/home/ada/c.jpg']));
    fireEvent.click(chooseButtons()[0] as HTMLElement);
    await screen.findByText('b.jpg');
    expect(lines()).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: en('transfer.addLine') }));
    fireEvent.click(chooseButtons()[2] as HTMLElement);
    await screen.findByText('c.jpg');
    fireEvent.click(screen.getByRole('button', { name: TRANSFER_MESSAGES.upload }));
    await waitFor(() =>
      expect(onUpload).toHaveBeenCalledWith(
        ['/home/ada/a.jpg', '/home/ada/b.jpg', '/home/ada/c.jpg'],
        'standard',
      ),
    );
  });

  it('says "You must select a file to upload." when no line has a file, and clears the state', async () => {
    const onUpload = draw(clientPicking());
    fireEvent.click(screen.getByRole('button', { name: en('transfer.addLine') }));
    fireEvent.click(screen.getByRole('button', { name: TRANSFER_MESSAGES.upload }));
    expect((await screen.findByRole('alert')).textContent).toBe(TRANSFER_MESSAGES.mustSelectFile);
    expect(lines()).toHaveLength(1);
    expect(onUpload).not.toHaveBeenCalled();
  });
});
