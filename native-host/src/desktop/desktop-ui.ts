import type { FileFilter } from '@rapid/protocol';

export interface DialogOptions {
  title: string;
  suggestedName: string;
  multiple: boolean;
  filters: FileFilter[];
}

/**
 * How a consent question ended, as browsers treat permission prompts: only an explicit "Allow" or "Deny" is an answer
 * to remember; a dialog dismissed, left until it timed out, or that could not be shown is "not now".
 */
export type ConsentAnswer = 'allow' | 'deny' | 'not-now';

/** A consent dialog nobody answers closes itself after this long (below the host's 15 min wait for such calls). */
export const CONSENT_TIMEOUT_S = 600;

/**
 * Everything the daemon shows on the user's desktop: the consent question, the three file dialogs, and opening a
 * URL or folder with the system's opener. Dialogs resolve with absolute paths; an empty list means cancelled.
 */
export interface DesktopUi {
  readonly name: string;
  confirm(title: string, text: string): Promise<boolean>;
  /** The per-site consent question: Allow, Deny, or Not now (dismissed, timed out). */
  consent(title: string, text: string): Promise<ConsentAnswer>;
  openFiles(options: DialogOptions): Promise<string[]>;
  openFolders(options: DialogOptions): Promise<string[]>;
  saveFile(options: DialogOptions): Promise<string | undefined>;
  open(target: string): Promise<void>;
}

/** No dialog tool on this machine: the page gets a clear error instead of a dialog that never appears. */
export class NoDialogTool extends Error {
  override name = 'NoDialogTool';
}
