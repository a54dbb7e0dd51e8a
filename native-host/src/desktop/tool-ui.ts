import { homedir } from 'node:os';
import { type DesktopUi, type DialogOptions, NoDialogTool } from './desktop-ui.ts';
import { kdialogArgs } from './kdialog-args.ts';
import { lines, runTool } from './run-tool.ts';
import { zenityArgs } from './zenity-args.ts';

type Kind = 'zenity' | 'kdialog';

/** Linux dialogs through zenity or kdialog; exit code 1 is the user's cancel or "no". */
export function createToolUi(
  kind: Kind,
  command: string,
  opener: string | undefined,
  home = homedir(),
): DesktopUi {
  const run = async (args: string[]) => {
    const result = await runTool(command, args);
    if (result.code > 1) throw new NoDialogTool(`${kind} failed with exit code ${result.code}`);
    return result;
  };
  const build = {
    confirm: (title: string, text: string) =>
      kind === 'zenity' ? zenityArgs.confirm(title, text) : kdialogArgs.confirm(title, text),
    openFiles: (options: DialogOptions) =>
      kind === 'zenity' ? zenityArgs.openFiles(options) : kdialogArgs.openFiles(options, home),
    openFolders: (options: DialogOptions) =>
      kind === 'zenity' ? zenityArgs.openFolders(options) : kdialogArgs.openFolders(options, home),
    saveFile: (options: DialogOptions) =>
      kind === 'zenity' ? zenityArgs.saveFile(options) : kdialogArgs.saveFile(options, home),
  };
  return {
    name: kind,
    confirm: async (title, text) => (await run(build.confirm(title, text))).code === 0,
    openFiles: async (options) => lines((await run(build.openFiles(options))).stdout),
    openFolders: async (options) => lines((await run(build.openFolders(options))).stdout),
    saveFile: async (options) => lines((await run(build.saveFile(options))).stdout)[0],
    open: async (target) => {
      if (!opener) throw new NoDialogTool('No opener (xdg-open) is installed.');
      await runTool(opener, [target]);
    },
  };
}

/** Answers every dialog with a clear error: the machine has no dialog tool. */
export function createNoToolUi(reason: string): DesktopUi {
  const fail = async (): Promise<never> => {
    throw new NoDialogTool(reason);
  };
  return { name: 'none', confirm: fail, openFiles: fail, openFolders: fail, saveFile: fail, open: fail };
}
