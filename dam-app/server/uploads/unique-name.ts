import { constants } from 'node:fs';
import { copyFile, link, unlink } from 'node:fs/promises';
import { extname, join } from 'node:path';

/**
 * Puts a finished file into its folder without replacing anything there: `name`, else `name (2)`, `name (3)`…
 * (a hard link claims the name atomically; across file systems it is copied). Returns the name it got.
 */
export async function placeWithoutOverwrite(source: string, folder: string, name: string): Promise<string> {
  const extension = extname(name);
  const stem = name.slice(0, name.length - extension.length);
  for (let attempt = 1; attempt < 10_000; attempt++) {
    const candidate = attempt === 1 ? name : `${stem} (${attempt})${extension}`;
    try {
      await link(source, join(folder, candidate));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      if (code !== 'EXDEV') throw error;
      try {
        await copyFile(source, join(folder, candidate), constants.COPYFILE_EXCL);
      } catch (copyError) {
        if ((copyError as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw copyError;
      }
    }
    await unlink(source);
    return candidate;
  }
  throw new Error(`No free name for ${name} in ${folder}`);
}
