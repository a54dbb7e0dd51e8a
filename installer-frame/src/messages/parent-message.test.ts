import { describe, expect, it } from 'vitest';
import { DIALOG_STATES, parseParentMessage } from './parent-message.ts';

describe('parseParentMessage', () => {
  it.each(DIALOG_STATES)('reads the state %s', (state) => {
    expect(parseParentMessage(state)).toEqual({ kind: 'state', state });
  });

  it('reads settings, keeping any = inside the value', () => {
    expect(parseParentMessage('downloadlink=https://rapid.example/get?os=linux&v=1')).toEqual({
      kind: 'setting',
      name: 'downloadlink',
      value: 'https://rapid.example/get?os=linux&v=1',
    });
  });

  it('ignores what it does not know rather than guessing', () => {
    expect(parseParentMessage('uninstall')).toEqual({ kind: 'unknown', raw: 'uninstall' });
    expect(parseParentMessage('evil=1')).toEqual({ kind: 'unknown', raw: 'evil=1' });
    expect(parseParentMessage({ type: 'launching' })).toMatchObject({ kind: 'unknown' });
  });
});
