import type { MessageKey } from '../i18n/messages-en.ts';
import type { ActivityEvent, FrameEvent } from '../messages/frame-event.ts';
import type { DialogState } from '../messages/parent-message.ts';

/** One thing the visitor can do in a dialog; every action is a real button or link the keyboard reaches. */
export type DialogAction =
  | { kind: 'download'; label: MessageKey }
  | { kind: 'event'; label: MessageKey; event: FrameEvent; activity?: ActivityEvent; primary?: boolean }
  | { kind: 'how-to'; label: MessageKey };

export interface DialogSpec {
  heading: MessageKey;
  body: MessageKey;
  /** A spinner while something is on its way (launching), a check once it arrived (running). */
  indicator?: 'busy' | 'done';
  actions: DialogAction[];
}

const troubleshoot: DialogAction = {
  kind: 'event',
  label: 'troubleshoot',
  event: 'troubleshoot',
  activity: 'clicked_troubleshoot',
};

/**
 * What each dialog kind of connect-bridge.md §2 says and offers. The dismiss button is not listed: the banner adds
 * it to every dialog, so no visitor is ever left with a banner they cannot close.
 */
export const DIALOGS: Record<DialogState, DialogSpec> = {
  launching: {
    heading: 'launching.heading',
    body: 'launching.body',
    indicator: 'busy',
    actions: [{ kind: 'event', label: 'launching.get', event: 'download_extension' }],
  },
  download: {
    heading: 'download.heading',
    body: 'download.body',
    actions: [{ kind: 'download', label: 'download.action' }, troubleshoot],
  },
  install: {
    heading: 'install.heading',
    body: 'install.body',
    actions: [
      { kind: 'event', label: 'install.done', event: 'refresh', primary: true },
      { kind: 'how-to', label: 'install.how' },
      { kind: 'download', label: 'install.again' },
    ],
  },
  update: {
    heading: 'update.heading',
    body: 'update.body',
    // The visitor may still decline: `continue` records the opt-out (connect-bridge.md §4), never a dead end.
    actions: [
      { kind: 'download', label: 'update.action' },
      { kind: 'event', label: 'continue.action', event: 'continue' },
      troubleshoot,
    ],
  },
  continue: {
    heading: 'continue.heading',
    body: 'continue.body',
    actions: [
      { kind: 'download', label: 'update.action' },
      { kind: 'event', label: 'continue.action', event: 'continue' },
    ],
  },
  retry: {
    heading: 'retry.heading',
    body: 'retry.body',
    actions: [
      { kind: 'event', label: 'retry.action', event: 'retry', activity: 'mitigate_with_tab', primary: true },
      { kind: 'event', label: 'launching.get', event: 'download_extension' },
      troubleshoot,
    ],
  },
  extension_install: {
    heading: 'extension.heading',
    body: 'extension.body',
    actions: [
      {
        kind: 'event',
        label: 'extension.action',
        event: 'extension_install',
        activity: 'clicked_install_extension',
        primary: true,
      },
      { kind: 'event', label: 'extension.refresh', event: 'refresh' },
    ],
  },
  unsupported_browser: {
    heading: 'unsupported.heading',
    body: 'unsupported.body',
    actions: [troubleshoot],
  },
  running: { heading: 'running.heading', body: 'running.body', indicator: 'done', actions: [] },
};
