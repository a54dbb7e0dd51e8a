import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NoDialogTool } from './desktop-ui.ts';
import { kdialogArgs } from './kdialog-args.ts';
import { selectDesktopUi } from './select-ui.ts';
import { createToolUi } from './tool-ui.ts';
import { zenityArgs } from './zenity-args.ts';

let dir = '';
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  dir = '';
});

/** A stand-in dialog program on PATH: prints its answer and exits with the given code, like zenity does. */
async function fakeTool(name: string, stdout: string, code: number, stderr = '') {
  dir ||= await mkdtemp(join(tmpdir(), 'rapid-tool-'));
  const file = join(dir, name);
  await writeFile(file, `#!/bin/sh\nprintf '%s' '${stdout}'\nprintf '%s' '${stderr}' >&2\nexit ${code}\n`);
  await chmod(file, 0o755);
  return file;
}

const options = { title: '', suggestedName: '', multiple: true, filters: [] };

describe('tool UI', () => {
  it('reads chosen paths, treats exit 1 as cancel or "no", and other failures as an error', async () => {
    const ended: unknown[] = [];
    const chosen = createToolUi(
      'zenity',
      await fakeTool('zenity', '/a/one.txt\n/a/two.txt\n', 0),
      zenityArgs('/home/u'),
      undefined,
      { log: (fields) => ended.push(fields) },
    );
    expect(await chosen.openFiles(options)).toEqual(['/a/one.txt', '/a/two.txt']);
    expect(ended).toEqual([{ tool: 'zenity', code: 0, lines: 2, stderr: undefined }]);
    expect(await chosen.confirm('t', 'x')).toBe(true);
    const cancelled = createToolUi(
      'zenity',
      await fakeTool('cancel', '', 1),
      zenityArgs('/home/u'),
      undefined,
    );
    expect(await cancelled.openFiles(options)).toEqual([]);
    expect(await cancelled.saveFile(options)).toBeUndefined();
    expect(await cancelled.confirm('t', 'x')).toBe(false);
    const broken = createToolUi(
      'zenity',
      await fakeTool('broken', '', 5, 'Gtk-WARNING: no theme\ncannot open display: :9\n'),
      zenityArgs('/home/u'),
      undefined,
    );
    await expect(broken.openFiles(options)).rejects.toThrow(NoDialogTool);
    await expect(broken.openFiles(options)).rejects.toThrow(
      'zenity failed with exit code 5: cannot open display: :9',
    );
    await expect(broken.open('http://x')).rejects.toThrow(/opener/);
  });

  it('tells the consent answers apart: Allow, Deny, and Not now for Cancel, Escape, closing or the timeout', async () => {
    const answers: [string, string, number, string][] = [
      ['zenity', '', 0, 'allow'],
      ['zenity', 'Deny\n', 1, 'deny'],
      ['zenity', '', 1, 'not-now'],
      ['zenity', '', 5, 'not-now'],
      ['kdialog', '', 0, 'allow'],
      ['kdialog', '', 1, 'deny'],
      ['kdialog', '', 2, 'not-now'],
    ];
    for (const [tool, stdout, code, expected] of answers) {
      const args = tool === 'zenity' ? zenityArgs('/home/u') : kdialogArgs('/home/u');
      const ui = createToolUi(tool, await fakeTool(`${tool}-${code}`, stdout, code), args, undefined);
      expect(await ui.consent('t', 'x'), `${tool} exit ${code}`).toBe(expected);
    }
    const gone = createToolUi(
      'zenity',
      await fakeTool('gone', '', 1, 'cannot open display: :9'),
      zenityArgs('/h'),
      undefined,
    );
    await expect(gone.consent('t', 'x')).rejects.toThrow(NoDialogTool);
    const crashed = createToolUi('kdialog', await fakeTool('crashed', '', 134), kdialogArgs('/h'), undefined);
    await expect(crashed.consent('t', 'x')).rejects.toThrow(NoDialogTool);
  });

  it('reports a real zenity that cannot reach its display as an error, not as a cancel', async () => {
    // GTK exits 1, Cancel's code, when the display is gone.
    const env = { ...process.env, DISPLAY: ':4095', WAYLAND_DISPLAY: '' };
    const ended: unknown[] = [];
    const ui = createToolUi('zenity', '/usr/bin/zenity', zenityArgs('/home/u'), undefined, {
      env,
      log: (fields) => ended.push(fields),
    });
    await expect(ui.openFiles(options)).rejects.toThrow(
      /^zenity failed with exit code 1: .*cannot open display: :4095$/,
    );
    await expect(ui.confirm('t', 'x')).rejects.toThrow(NoDialogTool);
    const noDisplay = {
      tool: 'zenity',
      code: 1,
      lines: 0,
      stderr: expect.stringMatching(/cannot open display: :4095$/),
    };
    expect(ended).toEqual([noDisplay, noDisplay]);
  });

  it('finds zenity on PATH, says so when no tool exists, and uses the scripted UI only when configured', async () => {
    await fakeTool('zenity', '', 0);
    expect((await selectDesktopUi({ PATH: dir }, 'linux')).name).toBe('zenity');
    const none = await selectDesktopUi({ PATH: join(dir, 'empty') }, 'linux');
    expect(none.name).toBe('none');
    await expect(none.openFiles(options)).rejects.toThrow('install zenity or kdialog');
    await expect(selectDesktopUi({ RAPID_UI: 'scripted' }, 'linux')).rejects.toThrow(/RAPID_UI_SCRIPT/);
  });

  it('refuses the scripted UI in a build without test doubles (the release build)', async () => {
    const env = { RAPID_UI: 'scripted', RAPID_UI_SCRIPT: join(dir, 'script.json') };
    await expect(selectDesktopUi(env, 'linux', undefined, null)).rejects.toThrow(
      'RAPID_UI=scripted selects a test double, which this release build does not contain',
    );
  });
});
