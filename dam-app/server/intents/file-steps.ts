import { exists, finishMove } from '../storage/local-area.ts';
import type { IntentKind } from './intents.ts';

// The file halves of the operations that share them (assets and folders alike): how each is known to be done after a
// crash, and how it is reversed. An operation's kind adds its own name and rows.

type FileSteps<P> = Pick<IntentKind<P>, 'paths' | 'filesDone' | 'undo'>;

/** One rename of a file or directory, `from` → `to`. */
export const renameSteps: FileSteps<{ from: string; to: string }> = {
  paths: ({ from, to }) => [from, to],
  async filesDone(services, { from, to }) {
    return !(await services.tree.exists(from)) && (await services.tree.exists(to));
  },
  async undo(services, { from, to }) {
    if (!(await services.tree.exists(from)) && (await services.tree.exists(to)))
      await services.tree.move(to, from);
  },
};

/** A copy made under a hidden name (never indexed) and renamed into place whole: the target exists once complete. */
export const stagedCopySteps: FileSteps<{ to: string; staging: string }> = {
  paths: ({ to, staging }) => [to, staging],
  async filesDone(services, { to, staging }) {
    await services.tree.remove(staging);
    return services.tree.exists(to);
  },
  async undo(services, { to, staging }) {
    await services.tree.remove(staging);
    await services.tree.remove(to);
  },
};

/** A move of `path` into the trash under `key`. */
export const trashSteps: FileSteps<{ path: string; key: string }> = {
  paths: ({ path }) => [path],
  async filesDone(services, { key }) {
    return finishMove(trashPath(services.storage.trash.localPath(key)));
  },
  async undo(services, { path, key }) {
    if (
      !(await services.tree.exists(path)) &&
      (await exists(trashPath(services.storage.trash.localPath(key))))
    )
      await services.storage.trash.release(key, services.tree.absolute(path));
  },
};

export function trashPath(path: string | undefined): string {
  if (!path) throw new Error('A trash key outside the trash area.');
  return path;
}
