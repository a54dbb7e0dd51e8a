import { describe, expect, it } from 'vitest';
import type { DialogOptions } from './desktop-ui.ts';
import { kdialogArgs } from './kdialog-args.ts';
import { appleString, osascriptArgs } from './osascript-args.ts';
import { powershellArgs, psString, winFilter } from './powershell-args.ts';
import { zenityArgs } from './zenity-args.ts';

const options: DialogOptions = {
  title: 'Pick "media"',
  suggestedName: 'clip.mov',
  multiple: true,
  filters: [
    { filter_name: 'Video', extensions: ['mov', 'mp4'] },
    { filter_name: 'All types', extensions: ['*'] },
  ],
};

describe('the consent question offers Allow, Deny and Not now, and closes itself when nobody answers', () => {
  it('on every platform tool', () => {
    expect(zenityArgs('/h').consent('T', 'X')).toEqual(
      expect.arrayContaining([
        '--ok-label=Allow',
        '--cancel-label=Not now',
        '--extra-button=Deny',
        '--timeout=600',
      ]),
    );
    expect(kdialogArgs('/h').consent('T', 'X')).toEqual(
      expect.arrayContaining([
        '--yes-label=Allow',
        '--no-label=Deny',
        '--cancel-label=Not now',
        '--yesnocancel',
      ]),
    );
    expect(osascriptArgs.consent('T', 'X')[1]).toContain(
      'buttons {"Deny", "Not now", "Allow"} default button "Allow" cancel button "Not now" giving up after 600',
    );
    const osa = (code: number, stdout: string) => osascriptArgs.consentAnswer({ code, stdout, stderr: '' });
    expect(osa(0, 'button returned:Allow, gave up:false')).toBe('allow');
    expect(osa(0, 'button returned:Deny, gave up:false')).toBe('deny');
    expect(osa(0, 'button returned:, gave up:true')).toBe('not-now');
    expect(osa(1, '')).toBe('not-now');
    expect(powershellArgs.consent('T', 'X').at(-1)).toContain("'YesNoCancel'");
    const ps = (code: number) => powershellArgs.consentAnswer({ code, stdout: '', stderr: '' });
    expect([ps(0), ps(3), ps(1), ps(2)]).toEqual(['allow', 'deny', 'not-now', undefined]);
  });
});

describe('dialog command lines honour title, suggested name, multiple selection and file types', () => {
  it('zenity', () => {
    const zenity = zenityArgs('/home/u');
    expect(zenity.openFiles(options)).toEqual([
      '--file-selection',
      '--title=Pick "media"',
      '--multiple',
      '--separator=\n',
      '--filename=/home/u/clip.mov',
      '--file-filter=Video | *.mov *.mp4',
      '--file-filter=All types | *',
    ]);
    expect(zenity.openFolders({ ...options, multiple: false })).toEqual([
      '--file-selection',
      '--directory',
      '--title=Pick "media"',
      '--filename=/home/u/',
    ]);
    expect(zenity.openFiles({ ...options, suggestedName: '' })).toContain('--filename=/home/u/');
    expect(zenity.saveFile(options)).toEqual(
      expect.arrayContaining(['--save', '--filename=/home/u/clip.mov']),
    );
  });

  it('kdialog', () => {
    expect(kdialogArgs('/home/u').openFiles(options)).toEqual([
      '--title=Pick "media"',
      '--getopenfilename',
      '/home/u/clip.mov',
      '*.mov *.mp4|Video\n*|All types',
      '--multiple',
      '--separate-output',
    ]);
    expect(kdialogArgs('/home/u').saveFile(options).slice(1, 3)).toEqual([
      '--getsavefilename',
      '/home/u/clip.mov',
    ]);
  });

  it('osascript, with AppleScript quoting', () => {
    expect(appleString('a "b" \\ c')).toBe('"a \\"b\\" \\\\ c"');
    const script = osascriptArgs
      .openFiles({ ...options, filters: [options.filters[0] ?? { filter_name: '', extensions: [] }] })
      .join(' ');
    expect(script).toContain(
      'choose file with prompt "Pick \\"media\\"" of type {"mov", "mp4"} with multiple selections allowed',
    );
    expect(osascriptArgs.saveFile(options).join(' ')).toContain('default name "clip.mov"');
  });

  it('PowerShell, with single-quote escaping and WinForms filters', () => {
    expect(psString("it's")).toBe("'it''s'");
    expect(winFilter(options.filters)).toBe('Video|*.mov;*.mp4|All types|*.*');
    const command = powershellArgs.openFiles(options).at(-1) ?? '';
    expect(command).toContain('$d.Title = \'Pick "media"\'');
    expect(command).toContain('$d.Multiselect = $true');
    expect(command).toContain("$d.Filter = 'Video|*.mov;*.mp4|All types|*.*'");
  });
});
