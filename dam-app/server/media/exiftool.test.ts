import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { ExifTool } from './exiftool.ts';

const dir = mkdtempSync(join(tmpdir(), 'exiftool-'));
const note = join(dir, 'note.txt');
writeFileSync(note, 'a line of text\n');

/** A process's state letter from /proc (Z: exited, waiting to be reaped), or undefined once it is gone. */
function stateOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return undefined;
  }
}

describe('ExifTool (Debian exiftool, one process kept open)', () => {
  it('reads one file after another through the same process, and refuses a relative path', async () => {
    const exiftool = new ExifTool();
    try {
      const first = await exiftool.read(note);
      const second = await exiftool.read(note);
      expect(first.FileType).toBe('TXT');
      expect(second.FileSize).toBe(15);
      await expect(exiftool.read('note.txt')).rejects.toThrow(/absolute path/);
    } finally {
      await exiftool.close();
    }
  });

  it('does not outlive a server that crashed', async () => {
    // A server process that reads one file, says its pid, and is then killed without closing exiftool.
    // (ExifTool does not keep a process alive by itself: the interval does.)
    const script = `import { ExifTool } from ${JSON.stringify(join(import.meta.dirname, 'exiftool.ts'))};
      setInterval(() => {}, 1000);
      await new ExifTool().read(${JSON.stringify(note)});
      console.log('read');`;
    const server = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise((resolve) => createInterface({ input: server.stdout }).once('line', resolve));
    const children = readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    expect(children).toHaveLength(1);
    const exiftool = children[0] as number;
    expect(readFileSync(`/proc/${exiftool}/cmdline`, 'utf8')).toContain('exiftool');
    server.kill('SIGKILL');
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && ![undefined, 'Z'].includes(stateOf(exiftool)))
      await new Promise((resolve) => setTimeout(resolve, 50));
    const state = stateOf(exiftool);
    if (state !== undefined) process.kill(exiftool, 'SIGKILL'); // this test leaves nothing behind when it fails
    expect([undefined, 'Z']).toContain(state);
  });
});
