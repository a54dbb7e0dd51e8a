import { lstatSync } from 'node:fs';
import type { HelloMessage } from '@rapid/protocol';
import { isUnderRoots, joinRelative, PathEscapeError } from '../fs/confine-path.ts';
import { type RootKind, rootKindOf, targetUnderRoot } from '../fs/destination-naming.ts';
import { type ClashPolicy, landingPath } from '../fs/landing-name.ts';
import { guardTarget, unguardTarget } from '../fs/no-replace.ts';
import { PathConfiner } from '../fs/path-confiner.ts';

export interface UploadTarget {
  /** Docroot-relative, `/`-separated (what `/files/content/…` names). */
  relative: string;
  local: string;
}

/**
 * A token's `clash_policy` for one transfer: `placements` maps each requested docroot-relative path to where the
 * transfer's first session put it (itself, or a landing name beside it), shared by every session of the transfer.
 */
export interface ClashRule {
  policy: ClashPolicy;
  xferId: string;
  placements: Record<string, string>;
}

/** The token's clash rule for a transfer's placements, if the token has one. */
export function clashRule(
  claims: { clash_policy?: ClashPolicy; xfer_id: string },
  placements: Record<string, string>,
): ClashRule | undefined {
  return claims.clash_policy
    ? { policy: claims.clash_policy, xferId: claims.xfer_id, placements }
    : undefined;
}

/**
 * The node's naming of uploaded files, shared by UDP and HTTPS sessions: `destination_root` under `create_dir`, the
 * token's roots, and confinement to the docroot. Throws errors with a numeric `code` (4, 6, 41) to refuse a file.
 *
 * Under a `clash` rule nothing already at a requested path is ever written: the file lands beside it under its
 * landing name (whatever `overwrite` the client's hello asks for), and later sessions of the same transfer keep the
 * first session's choice, so a resumed partial is found again and the transfer's own finished file is its own.
 */
export function uploadTargets(
  docroot: string,
  hello: Pick<HelloMessage, 'destination_root' | 'create_dir' | 'paths'>,
  roots: string[],
  clash?: ClashRule,
): (offered: string, count: number) => UploadTarget {
  const root = joinRelative(hello.destination_root);
  const confiner = new PathConfiner(docroot);
  // What destination_root is, as the session found it before its first file: its own files make it a folder.
  let rootKind: RootKind | undefined;
  return (offered, count) => {
    if (offered.split('/').includes('..'))
      throw new PathEscapeError(`refused path ${JSON.stringify(offered)}`);
    rootKind ??= rootKindOf(confiner.confine(root));
    const under = targetUnderRoot(
      {
        createDir: hello.create_dir,
        singleSource: hello.paths.length === 1 && hello.paths[0]?.destination === undefined,
        rootKind,
      },
      offered,
      count,
    );
    const relative = under === undefined ? root : joinRelative(hello.destination_root, under);
    if (!isUnderRoots(relative, roots)) throw new PathEscapeError(`${offered} is outside the token's paths`);
    const local = confiner.confine(relative);
    if (!clash) {
      unguardTarget(local);
      return { relative, local };
    }
    let placed = clash.placements[relative];
    if (placed === undefined) {
      placed = lstatSync(local, { throwIfNoEntry: false }) ? landingPath(relative, clash.xferId) : relative;
      clash.placements[relative] = placed;
    }
    if (placed !== relative) return { relative: placed, local: confiner.confine(placed) };
    // Free now; if it is taken before the file is placed, the file still goes beside it.
    guardTarget(local, () => {
      const landed = landingPath(relative, clash.xferId);
      clash.placements[relative] = landed;
      return confiner.confine(landed);
    });
    return { relative, local };
  };
}
