import type { DialogState, ParentMessage } from '../messages/parent-message.ts';

export interface FrameState {
  /** Nothing until the parent names a dialog, so no default banner flashes before the real one. */
  dialog?: DialogState;
  /** The installer for this OS from the install manifest; only http(s) links are ever shown. */
  downloadLink?: string;
  /** Shown as its major.minor in the download button. */
  downloadVersion?: string;
  stylesheet?: string;
  correlationId?: string;
  /** The full-size how-to panel of the install dialog. */
  showingSteps: boolean;
}

export const INITIAL_STATE: FrameState = { showingSteps: false };

export type FrameAction = ParentMessage | { kind: 'steps'; open: boolean };

/** Parent messages and local clicks → the next state; unknown messages change nothing. */
export function reduceFrameState(state: FrameState, action: FrameAction): FrameState {
  switch (action.kind) {
    case 'state':
      if (state.dialog === action.state && !state.showingSteps) return state;
      return { ...state, dialog: action.state, showingSteps: false };
    case 'steps':
      return { ...state, showingSteps: action.open && state.dialog === 'install' };
    case 'setting':
      switch (action.name) {
        case 'downloadlink':
          return isWebUrl(action.value) ? { ...state, downloadLink: action.value } : state;
        case 'insertstylesheet':
          return isWebUrl(action.value) ? { ...state, stylesheet: action.value } : state;
        case 'downloadVersion':
          return state.downloadVersion === action.value ? state : { ...state, downloadVersion: action.value };
        case 'correlationId':
          return state.correlationId === action.value ? state : { ...state, correlationId: action.value };
      }
      return state;
    default:
      return state;
  }
}

/** '4.2.0.12' → '4.2': what a visitor recognises. */
export function shortVersion(version: string | undefined): string {
  return version?.match(/^\d+(\.\d+)?/)?.[0] ?? '';
}

function isWebUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
