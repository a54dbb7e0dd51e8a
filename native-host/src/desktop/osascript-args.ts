import { CONSENT_TIMEOUT_S, type DialogOptions } from './desktop-ui.ts';
import type { ToolArgs } from './tool-ui.ts';

/** An AppleScript string literal. */
export function appleString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** Prints each chosen item's POSIX path on its own line; the user's cancel is error -128, exit code 1. */
function choose(expression: string): string[] {
  return [
    '-e',
    `set chosen to ${expression}`,
    '-e',
    'if class of chosen is not list then set chosen to {chosen}',
    '-e',
    'set out to ""',
    '-e',
    'repeat with each in chosen',
    '-e',
    'set out to out & POSIX path of each & linefeed',
    '-e',
    'end repeat',
    '-e',
    'return out',
  ];
}

function types(options: DialogOptions): string {
  const extensions = options.filters.flatMap((filter) => filter.extensions).filter((each) => each !== '*');
  if (extensions.length === 0 || options.filters.some((filter) => filter.extensions.includes('*'))) return '';
  return ` of type {${extensions.map((each) => appleString(each.replace(/^\*?\./, ''))).join(', ')}}`;
}

/** macOS dialogs through `osascript` (Standard Additions: choose file, choose folder, choose file name). */
export const osascriptArgs: ToolArgs = {
  confirm: (title, text) => [
    '-e',
    `display dialog ${appleString(text)} with title ${appleString(title)} buttons {"Don't allow", "Allow"} default button "Allow" cancel button "Don't allow"`,
  ],
  // Prints `button returned:Allow, gave up:false`; the cancel button ("Not now", or Escape) is error -128, exit 1.
  consent: (title, text) => [
    '-e',
    `display dialog ${appleString(text)} with title ${appleString(title)} buttons {"Deny", "Not now", "Allow"} default button "Allow" cancel button "Not now" giving up after ${CONSENT_TIMEOUT_S}`,
  ],
  consentAnswer: ({ code, stdout }) => {
    if (code === 1) return 'not-now';
    if (code !== 0) return undefined;
    if (/gave up:true/.test(stdout)) return 'not-now';
    if (/button returned:Allow/.test(stdout)) return 'allow';
    return /button returned:Deny/.test(stdout) ? 'deny' : 'not-now';
  },
  openFiles: (options) =>
    choose(
      `choose file with prompt ${appleString(options.title || 'Select files')}${types(options)}${
        options.multiple ? ' with multiple selections allowed' : ''
      }`,
    ),
  openFolders: (options) =>
    choose(
      `choose folder with prompt ${appleString(options.title || 'Select folders')}${
        options.multiple ? ' with multiple selections allowed' : ''
      }`,
    ),
  saveFile: (options) =>
    choose(
      `choose file name with prompt ${appleString(options.title || 'Save file')}${
        options.suggestedName ? ` default name ${appleString(options.suggestedName)}` : ''
      }`,
    ),
};
