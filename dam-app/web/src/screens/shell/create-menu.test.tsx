// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { sampleSession } from '../../test-support/sample-session.ts';
import { type TransferActions, TransferContext } from '../../transfers/transfer-context.ts';
import { CreateMenu } from './create-menu.tsx';

function draw(menusReady: boolean) {
  const actions = { menusReady, openUpload: vi.fn() } as unknown as TransferActions;
  renderScreen(
    <TransferContext.Provider value={actions}>
      <CreateMenu session={sampleSession({ permissions: ['fileUpload', 'new assets'] })} />
    </TransferContext.Provider>,
  );
  fireEvent.click(screen.getByRole('button', { name: new RegExp(en('shell.create')) }));
}

const items = async () => {
  await screen.findByRole('menuitem', { name: en('shell.newFolder') });
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
};

describe('R-CLIENT-STATUS-UI, R-UPLOAD-NEEDS-CLIENT: Quick Upload is under Create only while the client runs', () => {
  it('adds Quick Upload once the client runs', async () => {
    draw(true);
    expect(await items()).toEqual([en('shell.quickUpload'), en('shell.newFolder')]);
  });

  it('without a running client offers no Quick Upload; Upload shows the Warning dialog instead', async () => {
    draw(false);
    // The Upload entry asks the transfer integration, which shows the Warning dialog while the client is not
    // running (TransferProvider's openUpload).
    expect(await items()).toEqual([en('shell.upload'), en('shell.newFolder')]);
    expect(screen.queryByRole('menuitem', { name: en('shell.quickUpload') })).toBeNull();
  });
});
