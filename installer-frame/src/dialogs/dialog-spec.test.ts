import { describe, expect, it } from 'vitest';
import { DIALOG_STATES } from '../messages/parent-message.ts';
import { DIALOGS } from './dialog-spec.ts';

describe('DIALOGS', () => {
  it('covers every dialog kind of the specification', () => {
    expect(Object.keys(DIALOGS).sort()).toEqual([...DIALOG_STATES].sort());
  });

  it('offers a way forward from every dialog the visitor must act on', () => {
    for (const state of DIALOG_STATES) {
      if (state === 'running') continue;
      expect(DIALOGS[state].actions.length, state).toBeGreaterThan(0);
    }
  });

  it('sends the installer events of the specification from the dialogs that need them', () => {
    const events = (state: keyof typeof DIALOGS) =>
      DIALOGS[state].actions.flatMap((action) => (action.kind === 'event' ? [action.event] : []));
    expect(events('continue')).toContain('continue');
    expect(events('retry')).toContain('retry');
    expect(events('extension_install')).toContain('extension_install');
    expect(events('install')).toContain('refresh');
    expect(events('launching')).toContain('download_extension');
    expect(events('unsupported_browser')).toContain('troubleshoot');
    expect(DIALOGS.download.actions.some((action) => action.kind === 'download')).toBe(true);
    expect(DIALOGS.update.actions.some((action) => action.kind === 'download')).toBe(true);
  });
});
