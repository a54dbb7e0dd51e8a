import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { access, constants, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { Readable } from 'node:stream';
import { describeOnFailure } from './failure-evidence.ts';

/** The programs the real-dialog tests drive; `npm test` installs them (scripts/lib/ensure-system-packages.mjs). */
const NEEDED = [
  { command: 'Xvfb', debianPackage: 'xvfb' },
  { command: 'xdotool', debianPackage: 'xdotool' },
  { command: 'zenity', debianPackage: 'zenity' },
];

async function onPath(command: string): Promise<boolean> {
  for (const folder of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    if (
      await access(join(folder, command), constants.X_OK).then(
        () => true,
        () => false,
      )
    )
      return true;
  }
  return false;
}

/** Fails with what to install when a program is missing: these tests never skip. */
export async function assertDesktopTools(): Promise<void> {
  const missing: typeof NEEDED = [];
  for (const each of NEEDED) if (!(await onPath(each.command))) missing.push(each);
  if (missing.length > 0)
    throw new Error(
      `The real-dialog tests need ${missing.map((each) => each.command).join(', ')}: \`npm test\` installs them, or run ` +
        `\`apt-get install -y ${missing.map((each) => each.debianPackage).join(' ')}\`.`,
    );
}

export interface XDisplay {
  /** `:N`, for DISPLAY. */
  display: string;
  /**
   * The environment of a program on this bare desktop: its display, and none of the machine's session. A session bus
   * (DBUS_SESSION_BUS_ADDRESS, or one in XDG_RUNTIME_DIR) sends GTK's file chooser to desktop portals that cannot
   * draw on this display: it then waits out D-Bus timeouts of 25 s before its window shows. GSettings stay in
   * memory, and there is no accessibility bus.
   */
  env: Record<string, string>;
  /** Waits for a window whose title matches `title` (a regular expression) and gives it the keyboard. */
  focusWindow(title: string, timeoutMs?: number): Promise<string>;
  /**
   * Answers the dialog titled `title`: focuses it and runs `steps`, then waits for it to close. A dialog still open
   * after `settleMs` (keys typed before GTK was ready are lost on a busy machine) gets `steps` again, up to `tries`
   * times in all, so steps must be safe to repeat. The wait is long: a dialog that took its keys but closes slowly
   * would pass the repeated keys on to the next dialog (see the pointer's corner in `startXvfb`).
   */
  answer(title: string, steps: () => Promise<void>, tries?: number, settleMs?: number): Promise<void>;
  /** Types a path into the focused file chooser's location field (Ctrl+L opens it, or selects what it holds). */
  locate(path: string): Promise<void>;
  key(...keys: string[]): Promise<void>;
  close(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A private X server (Xvfb, no window manager) on a display number it picks itself. */
export async function startXvfb(): Promise<XDisplay> {
  await assertDesktopTools();
  const server: ChildProcess = spawn(
    'Xvfb',
    // -noreset: an X server resets when its last client leaves, and refuses connections meanwhile. Between two dialogs
    // (the consent question closing, the chooser starting) nothing else is connected, and the chooser's zenity got
    // "cannot open display" (seen in daemon.log). A real desktop always has a client, its window manager.
    ['-displayfd', '3', '-screen', '0', '1280x800x24', '-nolisten', 'tcp', '-noreset'],
    {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    },
  );
  const number = await new Promise<string>((resolve, reject) => {
    let text = '';
    let errors = '';
    server.stderr?.on('data', (chunk) => {
      errors += chunk;
    });
    (server.stdio[3] as Readable).on('data', (chunk) => {
      text += chunk;
      if (text.includes('\n')) resolve(text.trim());
    });
    server.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}: ${errors.slice(-500)}`)));
  });
  const display = `:${number}`;
  const runtimeDir = await mkdtemp(join(tmpdir(), 'rapid-xdg-runtime-'));
  const env = {
    DISPLAY: display,
    XDG_RUNTIME_DIR: runtimeDir,
    DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(runtimeDir, 'no-session-bus')}`,
    GSETTINGS_BACKEND: 'memory',
    NO_AT_BRIDGE: '1',
  };
  const xdotool = (args: string[]) =>
    new Promise<string>((resolve, reject) =>
      execFile('xdotool', args, { env: { ...process.env, DISPLAY: display } }, (error, stdout) =>
        error ? reject(error) : resolve(stdout.trim()),
      ),
    );
  const visibleWindows = async () =>
    (await xdotool(['search', '--onlyvisible', '--name', '.']).catch(() => '')).split('\n').filter(Boolean);
  const visible = async (window: string) => (await visibleWindows()).includes(window);
  // Without a window manager, focus falls back to the root window when the focused dialog closes, and the root sends
  // keys to the window under the pointer: a key meant for a closing dialog would reach the next one if it mapped
  // there. The pointer waits in a corner no dialog covers.
  await xdotool(['mousemove', '1279', '799']);
  // A GTK file chooser's first start has taken over 20 s on a 2-core machine running the unit suites beside.
  const focusWindow = async (title: string, timeoutMs = 45_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = await xdotool(['search', '--onlyvisible', '--name', title]).catch(() => '');
      const window = found.split('\n').find(Boolean);
      if (window) {
        await xdotool(['windowfocus', '--sync', window]);
        // The dialog takes keys once GTK has mapped and focused its widgets.
        await pause(400);
        return window;
      }
      if (Date.now() > deadline) throw new Error(`no window titled /${title}/ within ${timeoutMs} ms`);
      await pause(100);
    }
  };
  const forgetEvidence = describeOnFailure(`windows on the X display ${display}`, async () => {
    const names = await Promise.all(
      (await visibleWindows()).map(
        async (id) => `${id}: ${await xdotool(['getwindowname', id]).catch(() => '?')}`,
      ),
    );
    // A dialog tool that runs but shows nothing differs from one never started.
    const tools = await new Promise<string>((resolve) =>
      execFile('ps', ['-eo', 'pid,etimes,args'], (error, stdout) =>
        resolve(error ? `(ps failed: ${error.message})` : stdout),
      ),
    );
    const running = tools
      .split('\n')
      .filter((line) => /zenity|kdialog/.test(line))
      .join('\n');
    return `${names.join('\n') || '(no visible window)'}\n\ndialog tools running (pid, seconds, command):\n${running || '(none)'}`;
  });
  return {
    display,
    env,
    focusWindow,
    async answer(title, steps, tries = 3, settleMs = 30_000) {
      for (let attempt = 1; ; attempt++) {
        const window = await focusWindow(title);
        await steps();
        const deadline = Date.now() + settleMs;
        while (Date.now() < deadline && (await visible(window))) await pause(100);
        if (!(await visible(window))) return;
        if (attempt >= tries) throw new Error(`the dialog /${title}/ is still open after ${tries} tries`);
      }
    },
    async locate(path) {
      await xdotool(['key', 'ctrl+l']);
      await pause(400);
      await xdotool(['type', '--delay', '10', path]);
      await pause(300);
    },
    async key(...keys) {
      await xdotool(['key', ...keys]);
    },
    async close() {
      forgetEvidence();
      server.kill('SIGTERM');
      if (server.exitCode === null) await new Promise((resolve) => server.once('exit', resolve));
      await rm(runtimeDir, { recursive: true, force: true });
    },
  };
}
