import { lstatSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { assertResolvesInside, safeSegments } from './confine-path.ts';

/**
 * `confinePath` for the many paths of one session under one root: the root's real path is resolved once, and so is
 * each folder (its deepest existing ancestor must resolve inside the root). A file in a folder found inside costs
 * one `lstat`: only a link can lead elsewhere from there, and a link is resolved in full. The verdicts live as long
 * as the confiner (one session); a session checks its paths when it plans, long before it opens them, so
 * remembering a folder's verdict for the session opens no window the check did not already have.
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
    if (!this.#inside.has(folder)) {
      assertResolvesInside(realRoot, folder, untrusted);
      this.#inside.add(folder);
    }
    if (lstatSync(target, { throwIfNoEntry: false })?.isSymbolicLink())
      assertResolvesInside(realRoot, target, untrusted);
    return target;
  }
}
