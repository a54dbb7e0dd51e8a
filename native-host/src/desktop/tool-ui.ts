import { type DesktopUi, type DialogOptions, NoDialogTool } from './desktop-ui.ts';
import { lines, runTool } from './run-tool.ts';

/**
 * GTK (zenity) exits 1 when it cannot reach the display, the same code as Cancel; Qt (kdialog) says it this way too
 * before it aborts. Without this the user's click would be answered "nothing chosen" with no dialog ever shown.
 */
const NO_DISPLAY = /cannot open display|could not connect to display/i;

/** Command lines for one platform tool; each dialog prints chosen paths one per line, exit 1 = cancel or "no". */
export interface ToolArgs {
  confirm(title: string, text: string): string[];
  openFiles(options: DialogOptions): string[];
  openFolders(options: DialogOptions): string[];
  saveFile(options: DialogOptions): string[];
}

export interface ToolUiOptions {
  env?: NodeJS.ProcessEnv;
  /** Told how every dialog ended: its exit code, how many lines it printed, and its last stderr line. */
  log?: (fields: { tool: string; code: number; lines: number; stderr: string | undefined }) => void;
}

/** Dialogs through a platform tool (zenity, kdialog, osascript, PowerShell) and an opener for URLs and folders. */
export function createToolUi(
  name: string,
  command: string,
  args: ToolArgs,
  opener: { command: string; args: (target: string) => string[] } | undefined,
  { env = process.env, log }: ToolUiOptions = {},
): DesktopUi {
  const run = async (argv: string[]) => {
    const result = await runTool(command, argv, env);
    // GTK warns on stderr all the time: the last line is the one that says why the tool gave up. Cancel, failure and
    // an empty choice look alike to the page; the log tells them apart.
    const said = lines(result.stderr).at(-1)?.slice(0, 300);
    log?.({ tool: name, code: result.code, lines: lines(result.stdout).length, stderr: said });
    if (result.code > 1 || (result.code === 1 && NO_DISPLAY.test(result.stderr))) {
      throw new NoDialogTool(`${name} failed with exit code ${result.code}${said ? `: ${said}` : ''}`);
    }
    return result;
  };
  return {
    name,
    confirm: async (title, text) => (await run(args.confirm(title, text))).code === 0,
    openFiles: async (options) => lines((await run(args.openFiles(options))).stdout),
    openFolders: async (options) => lines((await run(args.openFolders(options))).stdout),
    saveFile: async (options) => lines((await run(args.saveFile(options))).stdout)[0],
    open: async (target) => {
      if (!opener) throw new NoDialogTool('No opener (xdg-open) is installed.');
      await runTool(opener.command, opener.args(target));
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
