/** Where the media tools are: the site's own paths (`DAM_FFMPEG`, `DAM_PDFTOPPM`, `DAM_EXIFTOOL`) or Debian's. */
export interface ToolPaths {
  ffmpeg: string;
  pdftoppm: string;
  exiftool: string;
}

export function loadToolPaths(env: NodeJS.ProcessEnv = process.env): ToolPaths {
  return {
    ffmpeg: env.DAM_FFMPEG ?? '/usr/bin/ffmpeg',
    pdftoppm: env.DAM_PDFTOPPM ?? '/usr/bin/pdftoppm',
    exiftool: env.DAM_EXIFTOOL ?? '/usr/bin/exiftool',
  };
}

/** Read once at start, like the rest of the configuration; the tools are found by module constants. */
export const TOOL_PATHS: ToolPaths = loadToolPaths();
