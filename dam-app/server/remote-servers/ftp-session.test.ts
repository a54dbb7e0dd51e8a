import { describe, expect, it } from 'vitest';
import { pcName, remoteFolder } from './ftp-session.ts';

describe('R-REMOTE-PC-FORMAT names and remote folders', () => {
  it('turns what Windows refuses into _, and keeps what it accepts', () => {
    expect(pcName('a<b>c:d"e/f\\g|h?i*j.txt')).toBe('a_b_c_d_e_f_g_h_i_j.txt');
    expect(pcName('tab\there\n.txt')).toBe('tab_here_.txt');
    expect(pcName('trailing. .')).toBe('trailing___');
    expect(pcName('CON.txt')).toBe('_CON.txt');
    expect(pcName('été 2024 (final).jpg')).toBe('été 2024 (final).jpg');
  });
  it('joins the destination and a path, dropping empty and . parts', () => {
    expect(remoteFolder('/')).toBe('/');
    expect(remoteFolder('out/', './drop//a')).toBe('/out/drop/a');
  });
});
