import { execFile } from 'node:child_process';

export interface ToolResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a dialog tool to completion; a non-zero exit is a result (cancel), not an exception. */
export function runTool(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<ToolResult> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== 'number') reject(error);
      else resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

/** The first of `commands` found on PATH. */
export async function findOnPath(
  commands: string[],
  path = process.env.PATH ?? '',
): Promise<string | undefined> {
  const { access, constants } = await import('node:fs/promises');
  const { delimiter, join } = await import('node:path');
  for (const command of commands)
    for (const folder of path.split(delimiter).filter(Boolean)) {
      try {
        await access(join(folder, command), constants.X_OK);
        return join(folder, command);
      } catch {}
    }
  return undefined;
}

export function lines(stdout: string): string[] {
  return stdout
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
