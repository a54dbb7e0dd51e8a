import { type ConsentAnswer, type DesktopUi, type DialogOptions, NoDialogTool } from './desktop-ui.ts';
import { lines, runTool, type ToolResult } from './run-tool.ts';

/**
 * GTK (zenity) exits 1 when it cannot reach the display, the same code as Cancel; Qt (kdialog) says it this way too
 * before it aborts. Without this the user's click would be answered "nothing chosen" with no dialog ever shown.
 */
const NO_DISPLAY = /cannot open display|could not connect to display/i;

/** Command lines for one platform tool; each dialog prints chosen paths one per line, exit 1 = cancel or "no". */
export interface ToolArgs {
  confirm(title: string, text: string): string[];
  /** The consent question with three outcomes: Allow, Deny and Not now (also closing it, or its timeout). */
  consent(title: string, text: string): string[];
  /** What the consent dialog's exit means; undefined for an exit that is the tool failing, not the user. */
  consentAnswer(result: ToolResult): ConsentAnswer | undefined;
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
  const run = async (argv: string[], failed = (result: ToolResult) => result.code > 1) => {
    const result = await runTool(command, argv, env);
    // GTK warns on stderr all the time: the last line is the one that says why the tool gave up. Cancel, failure and
    // an empty choice look alike to the page; the log tells them apart.
    const said = lines(result.stderr).at(-1)?.slice(0, 300);
    log?.({ tool: name, code: result.code, lines: lines(result.stdout).length, stderr: said });
    if (failed(result) || (result.code !== 0 && NO_DISPLAY.test(result.stderr))) {
      throw new NoDialogTool(`${name} failed with exit code ${result.code}${said ? `: ${said}` : ''}`);
    }
    return result;
  };
  return {
    name,
    confirm: async (title, text) => (await run(args.confirm(title, text))).code === 0,
    consent: async (title, text) => {
      const result = await run(args.consent(title, text), (each) => !args.consentAnswer(each));
      return args.consentAnswer(result) ?? 'not-now';
    },
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
  return {
    name: 'none',
    confirm: fail,
    consent: fail,
    openFiles: fail,
    openFolders: fail,
    saveFile: fail,
    open: fail,
  };
}
