import { describe, expect, it } from 'vitest';
import { downloadChoice } from './download-choice.ts';

describe('R-ASPERA-SEAMLESS: mb.aspera.seamless "true" sends a download straight to Rapid', () => {
  it.each([
    ['true', true, 'rapid'],
    ['true', false, 'dialog'],
    ['false', true, 'dialog'],
    ['TRUE', true, 'dialog'],
    ['yes', true, 'dialog'],
    ['', true, 'dialog'],
  ] as const)('seamless %j, client running %s → %s', (asperaSeamless, running, choice) => {
    expect(downloadChoice({ asperaSeamless }, running)).toBe(choice);
  });
});
