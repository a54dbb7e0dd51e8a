import { join } from 'node:path';
import type { FileFilter } from '@rapid/protocol';
import type { DialogOptions } from './desktop-ui.ts';
import type { ToolArgs } from './tool-ui.ts';
import { patterns } from './zenity-args.ts';

/** kdialog command lines; its filter is `*.a *.b|Name`, one filter per line. */
export const kdialogArgs = (home: string): ToolArgs => ({
  confirm: (title: string, text: string) => [
    `--title=${title}`,
    '--yes-label=Allow',
    "--no-label=Don't allow",
    '--yesno',
    text,
  ],
  // Yes, No, Cancel exit 0, 1, 2; closing the window is Cancel.
  consent: (title: string, text: string) => [
    `--title=${title}`,
    '--yes-label=Allow',
    '--no-label=Deny',
    '--cancel-label=Not now',
    '--yesnocancel',
    text,
  ],
  consentAnswer: ({ code }) => (['allow', 'deny', 'not-now'] as const)[code],
  openFiles: (options: DialogOptions) => [
    `--title=${options.title || 'Select files'}`,
    '--getopenfilename',
    join(home, options.suggestedName),
    ...filter(options.filters),
    ...(options.multiple ? ['--multiple', '--separate-output'] : []),
  ],
  openFolders: (options: DialogOptions) => [
    `--title=${options.title || 'Select a folder'}`,
    '--getexistingdirectory',
    home,
  ],
  saveFile: (options: DialogOptions) => [
    `--title=${options.title || 'Save file'}`,
    '--getsavefilename',
    join(home, options.suggestedName),
    ...filter(options.filters),
  ],
});

function filter(filters: FileFilter[]): string[] {
  if (filters.length === 0) return [];
  return [filters.map((each) => `${patterns(each).join(' ')}|${each.filter_name}`).join('\n')];
}
