import type { FileFilter } from '@rapid/protocol';

export interface DialogOptions {
  title: string;
  suggestedName: string;
  multiple: boolean;
  filters: FileFilter[];
}

/**
 * Everything the daemon shows on the user's desktop: the consent question, the three file dialogs, and opening a
 * URL or folder with the system's opener. Dialogs resolve with absolute paths; an empty list means cancelled.
 */
export interface DesktopUi {
  readonly name: string;
  confirm(title: string, text: string): Promise<boolean>;
  openFiles(options: DialogOptions): Promise<string[]>;
  openFolders(options: DialogOptions): Promise<string[]>;
  saveFile(options: DialogOptions): Promise<string | undefined>;
  open(target: string): Promise<void>;
}

/** No dialog tool on this machine: the page gets a clear error instead of a dialog that never appears. */
export class NoDialogTool extends Error {
  override name = 'NoDialogTool';
}
