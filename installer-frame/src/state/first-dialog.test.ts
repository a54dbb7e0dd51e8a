import { describe, expect, it } from 'vitest';
import { firstDialog } from './first-dialog.ts';

describe('firstDialog', () => {
  it('reads a dialog state from the fragment', () => {
    expect(firstDialog('#download')).toBe('download');
    expect(firstDialog('#extension_install')).toBe('extension_install');
  });

  it('gives none for anything else', () => {
    for (const hash of ['', '#', '#Download', '#download=1', '#toString', 'download?x']) {
      expect(firstDialog(hash)).toBeUndefined();
    }
  });
});
