import type { DesktopUi } from './desktop-ui.ts';
import { findOnPath } from './run-tool.ts';
import { createScriptedUi } from './scripted-ui.ts';
import { createNoToolUi, createToolUi } from './tool-ui.ts';

/**
 * Picks the desktop UI. `RAPID_UI=scripted` (with `RAPID_UI_SCRIPT`) selects the test double explicitly; anything
 * else gets the platform's real tool, or an error-only UI when there is none — never the test double.
 */
export async function selectDesktopUi(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): Promise<DesktopUi> {
  if (env.RAPID_UI === 'scripted') {
    if (!env.RAPID_UI_SCRIPT) throw new Error('RAPID_UI=scripted needs RAPID_UI_SCRIPT');
    return createScriptedUi(env.RAPID_UI_SCRIPT, env.RAPID_UI_LOG);
  }
  if (platform === 'linux' || platform === 'freebsd') {
    const opener = await findOnPath(['xdg-open'], env.PATH);
    const zenity = await findOnPath(['zenity'], env.PATH);
    if (zenity) return createToolUi('zenity', zenity, opener);
    const kdialog = await findOnPath(['kdialog'], env.PATH);
    if (kdialog) return createToolUi('kdialog', kdialog, opener);
    return createNoToolUi('Rapid cannot show dialogs: install zenity or kdialog.');
  }
  return createNoToolUi(`Rapid has no dialogs on ${platform} in this build.`);
}
