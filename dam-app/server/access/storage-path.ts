import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/**
 * The absolute path of `relativePath` under `root`, or undefined when it would leave it: `..`, absolute paths, NUL
 * and backslashes are refused, and the resolved path must be the root or below it.
 */
export function confinePath(root: string, relativePath: string): string | undefined {
  if (relativePath.includes('\0') || relativePath.includes('\\') || isAbsolute(relativePath))
    return undefined;
  const parts = relativePath.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.some((part) => part === '..')) return undefined;
  const base = resolve(root);
  const full = resolve(join(base, ...parts));
  const rel = relative(base, full);
  if (rel.startsWith(`..${sep}`) || rel === '..' || isAbsolute(rel)) return undefined;
  return full;
}
