import { describe, expect, it } from 'vitest';
import { loadToolPaths } from './tool-paths.ts';

describe('the media tool paths', () => {
  it("takes the site's paths from the environment, else Debian's", () => {
    expect(loadToolPaths({ DAM_FFMPEG: '/opt/ff/ffmpeg', DAM_EXIFTOOL: '/opt/exiftool' })).toEqual({
      ffmpeg: '/opt/ff/ffmpeg',
      pdftoppm: '/usr/bin/pdftoppm',
      exiftool: '/opt/exiftool',
    });
    expect(loadToolPaths({})).toEqual({
      ffmpeg: '/usr/bin/ffmpeg',
      pdftoppm: '/usr/bin/pdftoppm',
      exiftool: '/usr/bin/exiftool',
    });
  });
});
