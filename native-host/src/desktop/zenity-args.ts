import { join } from 'node:path';
import type { FileFilter } from '@rapid/protocol';
import { CONSENT_TIMEOUT_S, type DialogOptions } from './desktop-ui.ts';
import type { ToolArgs } from './tool-ui.ts';

/**
 * zenity command lines for each dialog (zenity ≥ 3; `--file-filter` is `Name | *.a *.b`). Choosers start in the
 * user's home (`--filename=<home>/`), as kdialog's do: without it GTK starts in the daemon's working folder, or in
 * its Recent view, where a folder cannot be chosen.
 */
export const zenityArgs = (home: string): ToolArgs => ({
  confirm: (title: string, text: string) => [
    '--question',
    `--title=${title}`,
    `--text=${text}`,
    '--ok-label=Allow',
    "--cancel-label=Don't allow",
    '--no-markup',
  ],
  // The extra button prints its label and exits 1, as Cancel, Escape and closing the window do without printing;
  // exit 5 is the timeout.
  consent: (title: string, text: string) => [
    '--question',
    `--title=${title}`,
    `--text=${text}`,
    '--ok-label=Allow',
    '--cancel-label=Not now',
    '--extra-button=Deny',
    `--timeout=${CONSENT_TIMEOUT_S}`,
    '--no-markup',
  ],
  consentAnswer: ({ code, stdout }) => {
    if (code === 0) return 'allow';
    if (code === 1) return stdout.trim() === 'Deny' ? 'deny' : 'not-now';
    return code === 5 ? 'not-now' : undefined;
  },
  openFiles: (options: DialogOptions) => [
    '--file-selection',
    `--title=${options.title || 'Select files'}`,
    ...(options.multiple ? ['--multiple', '--separator=\n'] : []),
    `--filename=${startAt(home, options.suggestedName)}`,
    ...filterArgs(options.filters),
  ],
  openFolders: (options: DialogOptions) => [
    '--file-selection',
    '--directory',
    `--title=${options.title || 'Select folders'}`,
    ...(options.multiple ? ['--multiple', '--separator=\n'] : []),
    `--filename=${startAt(home, '')}`,
  ],
  saveFile: (options: DialogOptions) => [
    '--file-selection',
    '--save',
    '--confirm-overwrite',
    `--title=${options.title || 'Save file'}`,
    `--filename=${startAt(home, options.suggestedName)}`,
    ...filterArgs(options.filters),
  ],
});

/** The home folder (a trailing `/` makes GTK open it) or the suggested name inside it. */
function startAt(home: string, suggestedName: string): string {
  return suggestedName ? join(home, suggestedName) : `${home.replace(/\/+$/, '')}/`;
}

function filterArgs(filters: FileFilter[]): string[] {
  return filters.map((filter) => `--file-filter=${filter.filter_name} | ${patterns(filter).join(' ')}`);
}

export function patterns(filter: FileFilter): string[] {
  return filter.extensions.map((extension) =>
    extension === '*' ? '*' : `*.${extension.replace(/^\*?\./, '')}`,
  );
}
