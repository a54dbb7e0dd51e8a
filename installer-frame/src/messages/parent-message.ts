/** Dialog states the parent page asks the frame to show (connect-bridge.md §2, connect-protocol.md §14.2). */
export const DIALOG_STATES = [
  'launching',
  'download',
  'install',
  'update',
  'continue',
  'retry',
  'extension_install',
  'unsupported_browser',
  'running',
] as const;
export type DialogState = (typeof DIALOG_STATES)[number];

export type ParentMessage =
  | { kind: 'state'; state: DialogState }
  | {
      kind: 'setting';
      name: 'downloadlink' | 'downloadVersion' | 'insertstylesheet' | 'correlationId';
      value: string;
    }
  | { kind: 'unknown'; raw: unknown };

const SETTINGS = ['downloadlink', 'downloadVersion', 'insertstylesheet', 'correlationId'] as const;

/** Parent → frame messages are plain strings: a state name, or `name=value` for settings. */
export function parseParentMessage(raw: unknown): ParentMessage {
  if (typeof raw !== 'string') return { kind: 'unknown', raw };
  if ((DIALOG_STATES as readonly string[]).includes(raw)) return { kind: 'state', state: raw as DialogState };
  const separator = raw.indexOf('=');
  const name = raw.slice(0, separator);
  const setting = SETTINGS.find((each) => each === name);
  if (separator > 0 && setting) return { kind: 'setting', name: setting, value: raw.slice(separator + 1) };
  return { kind: 'unknown', raw };
}
