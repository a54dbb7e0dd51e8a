import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const DESKTOP_FILE = 'rapid-fasp.desktop';

/** A desktop-entry argument: quoted, with the characters the spec reserves inside quotes escaped. */
function quote(value: string): string {
  return `"${value.replace(/[\\"`$]/g, (char) => `\\${char}`)}"`;
}

/** The `.desktop` entry that makes `fasp://` links start Rapid's launcher (freedesktop.org desktop entry 1.5). */
export function desktopEntry(command: string[]): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Rapid',
    'Comment=Starts the Rapid transfer client for web pages',
    `Exec=${command.map(quote).join(' ')} %u`,
    'MimeType=x-scheme-handler/fasp;',
    'NoDisplay=true',
    'Terminal=false',
    '',
  ].join('\n');
}

interface UriHandlerOptions {
  /** `$XDG_DATA_HOME`, normally `~/.local/share`. */
  dataHome: string;
  command: string[];
  /** Runs `xdg-mime default <file> x-scheme-handler/fasp`; resolves false when xdg-mime is not installed. */
  setDefault: (desktopFile: string) => Promise<boolean>;
}

/** Registers the `fasp` scheme for this user on Linux: a desktop entry plus the xdg-mime default. */
export async function registerUriHandler({ dataHome, command, setDefault }: UriHandlerOptions) {
  const folder = join(dataHome, 'applications');
  await mkdir(folder, { recursive: true });
  const file = join(folder, DESKTOP_FILE);
  await writeFile(file, desktopEntry(command));
  return { file, defaultSet: await setDefault(DESKTOP_FILE) };
}

export async function unregisterUriHandler(dataHome: string): Promise<string> {
  const file = join(dataHome, 'applications', DESKTOP_FILE);
  await rm(file, { force: true });
  return file;
}
