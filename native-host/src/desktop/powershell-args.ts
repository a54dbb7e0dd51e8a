import type { FileFilter } from '@rapid/protocol';
import type { DialogOptions } from './desktop-ui.ts';
import type { ToolArgs } from './tool-ui.ts';

/** A PowerShell single-quoted literal. */
export function psString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

const PRELUDE = 'Add-Type -AssemblyName System.Windows.Forms;';

function script(body: string): string[] {
  return ['-NoProfile', '-NonInteractive', '-STA', '-Command', `${PRELUDE} ${body}`];
}

/** WinForms filter text: `Text file (*.txt)|*.txt|All types|*.*`. */
export function winFilter(filters: FileFilter[]): string {
  return filters
    .map((filter) => {
      const patterns = filter.extensions.map((each) =>
        each === '*' ? '*.*' : `*.${each.replace(/^\*?\./, '')}`,
      );
      return `${filter.filter_name}|${patterns.join(';')}`;
    })
    .join('|');
}

const showAndPrint = (dialog: string, output: string) =>
  `if ($d.ShowDialog() -eq [System.Windows.Forms.DialogResult]::OK) { ${output} } else { exit 1 }`.replace(
    '$d',
    dialog,
  );

/** Windows dialogs through PowerShell and WinForms; cancel exits 1. */
export const powershellArgs: ToolArgs = {
  confirm: (title, text) =>
    script(
      `if ([System.Windows.Forms.MessageBox]::Show(${psString(text)}, ${psString(title)}, 'YesNo', 'Question') -eq 'Yes') { exit 0 } else { exit 1 }`,
    ),
  // A MessageBox cannot rename its buttons: the text says what Yes, No and Cancel mean. Closing it is Cancel.
  consent: (title, text) =>
    script(
      `$r = [System.Windows.Forms.MessageBox]::Show(${psString(`${text}\n\nYes: allow. No: deny. Cancel: not now.`)}, ${psString(title)}, 'YesNoCancel', 'Question'); ` +
        "if ($r -eq 'Yes') { exit 0 } elseif ($r -eq 'No') { exit 3 } else { exit 1 }",
    ),
  consentAnswer: ({ code }) => {
    if (code === 0) return 'allow';
    if (code === 3) return 'deny';
    return code === 1 ? 'not-now' : undefined;
  },
  openFiles: (options: DialogOptions) =>
    script(
      `$d = New-Object System.Windows.Forms.OpenFileDialog; $d.Title = ${psString(options.title || 'Select files')}; ` +
        `$d.Multiselect = $${options.multiple}; $d.FileName = ${psString(options.suggestedName)}; ` +
        (options.filters.length ? `$d.Filter = ${psString(winFilter(options.filters))}; ` : '') +
        showAndPrint('$d', '$d.FileNames -join "`n"'),
    ),
  openFolders: (options: DialogOptions) =>
    script(
      `$d = New-Object System.Windows.Forms.FolderBrowserDialog; $d.Description = ${psString(options.title || 'Select a folder')}; ` +
        showAndPrint('$d', '$d.SelectedPath'),
    ),
  saveFile: (options: DialogOptions) =>
    script(
      `$d = New-Object System.Windows.Forms.SaveFileDialog; $d.Title = ${psString(options.title || 'Save file')}; ` +
        `$d.FileName = ${psString(options.suggestedName)}; ` +
        (options.filters.length ? `$d.Filter = ${psString(winFilter(options.filters))}; ` : '') +
        showAndPrint('$d', '$d.FileName'),
    ),
};
