import { homedir } from 'node:os';
import { notInThisBuild } from '../build/not-in-this-build.ts';
import { TEST_DOUBLES, type TestDoubles } from '../build/test-doubles.ts';
import type { DesktopUi } from './desktop-ui.ts';
import { kdialogArgs } from './kdialog-args.ts';
import { osascriptArgs } from './osascript-args.ts';
import { powershellArgs } from './powershell-args.ts';
import { findOnPath } from './run-tool.ts';
import { createNoToolUi, createToolUi, type ToolUiOptions } from './tool-ui.ts';
import { zenityArgs } from './zenity-args.ts';

/**
 * Picks the desktop UI. `RAPID_UI=scripted` (with `RAPID_UI_SCRIPT`) selects the test double explicitly (test builds
 * only: a release build refuses it); anything else gets the platform's real tool, or an error-only UI when there is none — never the test double.
 */
export async function selectDesktopUi(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
  log?: ToolUiOptions['log'],
  doubles: TestDoubles | null = TEST_DOUBLES,
): Promise<DesktopUi> {
  if (env.RAPID_UI === 'scripted') {
    if (!doubles) throw notInThisBuild('RAPID_UI=scripted');
    if (!env.RAPID_UI_SCRIPT) throw new Error('RAPID_UI=scripted needs RAPID_UI_SCRIPT');
    return doubles.scriptedUi(env.RAPID_UI_SCRIPT, env.RAPID_UI_LOG);
  }
  if (platform === 'darwin')
    return createToolUi('osascript', '/usr/bin/osascript', osascriptArgs, opensWith('/usr/bin/open'), {
      log,
    });
  if (platform === 'win32')
    return createToolUi('powershell', 'powershell.exe', powershellArgs, opensWith('explorer.exe'), { log });
  const xdgOpen = await findOnPath(['xdg-open'], env.PATH);
  const opener = xdgOpen ? opensWith(xdgOpen) : undefined;
  const zenity = await findOnPath(['zenity'], env.PATH);
  if (zenity) return createToolUi('zenity', zenity, zenityArgs(homedir()), opener, { log });
  const kdialog = await findOnPath(['kdialog'], env.PATH);
  if (kdialog) return createToolUi('kdialog', kdialog, kdialogArgs(homedir()), opener, { log });
  return createNoToolUi('Rapid cannot show dialogs: install zenity or kdialog.');
}

/** An opener that takes the URL or folder as its only argument. */
function opensWith(command: string) {
  return { command, args: (target: string) => [target] };
}
