import { lstatSync, realpathSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { assertResolvesInside, safeSegments } from './confine-path.ts';

/**
 * `confinePath` for the many paths of one session under one root: the root's real path is resolved once, and a folder
 * found to resolve inside the root is remembered, so each further file in it costs one `lstat` (is it a link?)
 * instead of resolving every segment of its path again. Only existing folders are remembered; the memory lives as
 * long as the confiner (one session), like the session's other decisions about its paths.
 */
export class PathConfiner {
  #realRoot: string | undefined;
  #inside = new Set<string>();

  constructor(private readonly root: string) {}

  confine(untrusted: string): string {
    const segments = safeSegments(untrusted);
    this.#realRoot ??= realpathSync(this.root);
    const realRoot = this.#realRoot;
    const target = join(realRoot, ...segments);
    if (target === realRoot) return target;
    const folder = dirname(target);
    if (this.#inside.has(folder) && !lstatSync(target, { throwIfNoEntry: false })?.isSymbolicLink()) return target;
    assertResolvesInside(realRoot, target, untrusted);
    this.#remember(realRoot, folder);
    return target;
  }

  #remember(realRoot: string, folder: string): void {
    let real: string;
    try {
      real = realpathSync(folder);
    } catch {
      return;
    }
    if (real === realRoot || real.startsWith(realRoot + sep)) this.#inside.add(folder);
  }
}
