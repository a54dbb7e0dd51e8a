import type { HelloMessage } from '@rapid/protocol';
import { isUnderRoots, joinRelative, PathEscapeError } from '../fs/confine-path.ts';
import { type RootKind, rootKindOf, targetUnderRoot } from '../fs/destination-naming.ts';
import { PathConfiner } from '../fs/path-confiner.ts';

export interface UploadTarget {
  /** Docroot-relative, `/`-separated (what `/files/content/…` names). */
  relative: string;
  local: string;
}

/**
 * The node's naming of uploaded files, shared by UDP and HTTPS sessions: `destination_root` under `create_dir`, the
 * token's roots, and confinement to the docroot. Throws errors with a numeric `code` (4, 6, 41) to refuse a file.
 */
export function uploadTargets(
  docroot: string,
  hello: Pick<HelloMessage, 'destination_root' | 'create_dir' | 'paths'>,
  roots: string[],
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
    return { relative, local: confiner.confine(relative) };
  };
}
