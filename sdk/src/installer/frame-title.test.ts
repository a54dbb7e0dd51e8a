import { describe, expect, it } from 'vitest';
import { frameTitle } from './frame-title.ts';

describe('frameTitle', () => {
  it('names the frame in the first language the banner speaks, else English', () => {
    expect(frameTitle(['nl-BE', 'de-DE'])).toBe('Rapid einrichten');
    expect(frameTitle(['ja'])).toBe('Rapid のセットアップ');
    expect(frameTitle(['ko'])).toBe('Rapid setup');
  });
});
