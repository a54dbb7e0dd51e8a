// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renameAssetSchema } from '../../../api/assets.ts';
import { NameDialog } from '../kit/name-dialog.tsx';
import { useBrowseExtensions } from '../screens/browse/browse-extensions.tsx';
import { holder, NoClient } from '../test-support/draw-route.tsx';
import { fakeApi, NEVER } from '../test-support/fake-api.ts';
import { renderScreen } from '../test-support/render-screen.tsx';
import { useOptionalTransferActions } from './transfer-context.ts';
import { TransferShell } from './transfer-shell.tsx';

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

// The transfer integration (its own chunk) joins a screen already on screen, maybe with a dialog open mid-typing.
describe('TransferShell: the transfer integration joining the screens', () => {
  it('draws a screen with an open dialog a bounded number of times, never again once joined, and its field keeps what it holds', async () => {
    vi.stubGlobal('WebSocket', NoClient);
    vi.stubGlobal('XMLHttpRequest', NoClient);
    fakeApi({}, { others: NEVER });
    let draws = 0;
    let joinedYet = false;
    function RenameScreen() {
      draws += 1;
      // A screen drawn again without end would hold the test here forever: stop it so the test fails instead.
      if (draws > 50) throw new Error('the screen is drawn again without end');
      // A screen reading the entries the integration adds, with a rename dialog open (as the asset screen has).
      useBrowseExtensions();
      joinedYet = useOptionalTransferActions() !== undefined;
      return (
        <NameDialog
          title="Rename"
          submitLabel="Rename"
          label="File name"
          field="fileName"
          initial="dusk.jpg"
          schema={renameAssetSchema}
          save={() => new Promise(() => {})}
          onSaved={() => undefined}
          onClose={() => undefined}
        />
      );
    }
    renderScreen(
      <TransferShell session={holder()}>
        <RenameScreen />
      </TransferShell>,
    );
    const field = (await screen.findByRole('textbox', { name: /File name/ })) as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'night' } });
    // The person's first key brings the integration in.
    fireEvent.keyDown(window, { key: 't' });
    await waitFor(() => expect(joinedYet).toBe(true), { timeout: 10_000 });
    await pause(300);
    expect(field.value).toBe('night');
    const joined = draws;
    // A script (a browser's automation, an extension) empties the field the way Puppeteer's fill does, then types:
    // a screen drawn again meanwhile would put the old value back under the new one.
    field.value = '';
    await pause(500);
    expect(draws - joined, 'draws after the integration joined').toBe(0);
    expect(field.value).toBe('');
    expect(draws, 'draws in all').toBeLessThan(10);
  });
});
