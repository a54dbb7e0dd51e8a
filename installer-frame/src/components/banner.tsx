import { sendToParent } from '../messages/frame-event.ts';
import type { DialogState } from '../messages/parent-message.ts';

const HEADLINES: Record<DialogState, string> = {
  launching: 'Launching Rapid…',
  download: 'Install Rapid to transfer large files',
  install: 'Run the Rapid installer, then come back',
  update: 'A newer Rapid is required',
  continue: 'A newer Rapid is available',
  retry: 'Rapid did not start. Try again?',
  extension_install: 'Add the Rapid extension to your browser',
  unsupported_browser: 'This browser is not supported',
  running: 'Rapid is ready',
};

/** The banner for one dialog state; every action is a button the keyboard reaches. */
export function Banner({ state }: { state: DialogState }) {
  return (
    <section aria-live="polite">
      <h1>{HEADLINES[state]}</h1>
      {state === 'retry' && (
        <button type="button" onClick={() => sendToParent('retry')}>
          Try again
        </button>
      )}
      <button type="button" aria-label="Dismiss" onClick={() => sendToParent('removeiframe')}>
        ×
      </button>
    </section>
  );
}
