import type { FileFilter } from '@rapid/protocol';
import type { DialogOptions } from './desktop-ui.ts';
import type { ToolArgs } from './tool-ui.ts';

/** zenity command lines for each dialog (zenity ≥ 3; `--file-filter` is `Name | *.a *.b`). */
export const zenityArgs: ToolArgs = {
  confirm: (title: string, text: string) => [
    '--question',
    `--title=${title}`,
    `--text=${text}`,
    '--ok-label=Allow',
    "--cancel-label=Don't allow",
    '--no-markup',
  ],
  openFiles: (options: DialogOptions) => [
    '--file-selection',
    `--title=${options.title || 'Select files'}`,
    ...(options.multiple ? ['--multiple', '--separator=\n'] : []),
    ...(options.suggestedName ? [`--filename=${options.suggestedName}`] : []),
    ...filterArgs(options.filters),
  ],
  openFolders: (options: DialogOptions) => [
    '--file-selection',
    '--directory',
    `--title=${options.title || 'Select folders'}`,
    ...(options.multiple ? ['--multiple', '--separator=\n'] : []),
  ],
  saveFile: (options: DialogOptions) => [
    '--file-selection',
    '--save',
    '--confirm-overwrite',
    `--title=${options.title || 'Save file'}`,
    ...(options.suggestedName ? [`--filename=${options.suggestedName}`] : []),
    ...filterArgs(options.filters),
  ],
};

function filterArgs(filters: FileFilter[]): string[] {
  return filters.map((filter) => `--file-filter=${filter.filter_name} | ${patterns(filter).join(' ')}`);
}

export function patterns(filter: FileFilter): string[] {
  return filter.extensions.map((extension) =>
    extension === '*' ? '*' : `*.${extension.replace(/^\*?\./, '')}`,
  );
}
