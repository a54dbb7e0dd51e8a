import { describe, expect, it } from 'vitest';
import { INITIAL_STATE, reduceFrameState, shortVersion } from './frame-state.ts';

describe('reduceFrameState', () => {
  it('shows the dialog the parent asks for and closes the how-to panel', () => {
    const install = reduceFrameState(INITIAL_STATE, { kind: 'state', state: 'install' });
    const open = reduceFrameState(install, { kind: 'steps', open: true });
    expect(open).toMatchObject({ dialog: 'install', showingSteps: true });
    expect(reduceFrameState(open, { kind: 'state', state: 'running' })).toMatchObject({
      dialog: 'running',
      showingSteps: false,
    });
  });

  it('opens the how-to panel only for the install dialog', () => {
    expect(reduceFrameState(INITIAL_STATE, { kind: 'steps', open: true }).showingSteps).toBe(false);
  });

  it('keeps web links only, so a javascript: link can never become a button', () => {
    const link = (value: string) =>
      reduceFrameState(INITIAL_STATE, { kind: 'setting', name: 'downloadlink', value }).downloadLink;
    expect(link('https://rapid.example/bin/rapid.tar.gz')).toBe('https://rapid.example/bin/rapid.tar.gz');
    expect(link('javascript:alert(1)')).toBeUndefined();
    expect(link('bin/relative.tar.gz')).toBeUndefined();
    const sheet = reduceFrameState(INITIAL_STATE, {
      kind: 'setting',
      name: 'insertstylesheet',
      value: 'data:text/css,*{}',
    });
    expect(sheet.stylesheet).toBeUndefined();
  });

  it('records the version and correlation id, and ignores unknown messages', () => {
    let state = reduceFrameState(INITIAL_STATE, {
      kind: 'setting',
      name: 'downloadVersion',
      value: '4.2.0.7',
    });
    state = reduceFrameState(state, { kind: 'setting', name: 'correlationId', value: 'abc' });
    expect(state).toMatchObject({ downloadVersion: '4.2.0.7', correlationId: 'abc' });
    expect(reduceFrameState(state, { kind: 'unknown', raw: 'x' })).toBe(state);
  });
});

describe('shortVersion', () => {
  it('keeps major.minor', () => {
    expect(shortVersion('4.2.0.12')).toBe('4.2');
    expect(shortVersion('5')).toBe('5');
    expect(shortVersion(undefined)).toBe('');
    expect(shortVersion('latest')).toBe('');
  });
});
