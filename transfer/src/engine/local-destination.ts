import { mkdirSync } from 'node:fs';
import { resolve as absolute } from 'node:path';
import type { RapidTransferSpec } from '@rapid/protocol';
import { confinePath } from '../fs/confine-path.ts';
import { rootKindOf, targetUnderRoot } from '../fs/destination-naming.ts';
import type { PartialFile } from '../fs/partial-file.ts';
import { DecryptingNames, type Protection } from '../protect/content-protection.ts';

/**
 * Where a download's files land on the client: `destination_root` under `create_dir` (created only when true),
 * every path confined to it, and envelopes renamed and decrypted under `content_protection: "decrypt"`.
 */
export class LocalDestination {
  readonly root: string;
  #decrypt: DecryptingNames | undefined;

  constructor(
    private readonly spec: RapidTransferSpec,
    protection: Protection | undefined,
  ) {
    this.root = spec.destination_root || '.';
    if (spec.create_dir !== false) mkdirSync(this.root, { recursive: true });
    if (protection?.mode === 'decrypt') this.#decrypt = new DecryptingNames(protection.passphrase);
  }

  /** The local path of an offered file (one of `count`); throws with a numeric `code` to refuse it. */
  resolve(offered: string, count: number): string {
    const wanted = this.#decrypt ? this.#decrypt.plainPath(offered) : offered;
    const relative = targetUnderRoot(
      {
        createDir: this.spec.create_dir !== false,
        singleSource: this.spec.paths.length === 1 && this.spec.paths[0]?.destination === undefined,
        rootKind: rootKindOf(this.root),
      },
      wanted,
      count,
    );
    const target = relative === undefined ? absolute(this.root) : confinePath(this.root, relative);
    this.#decrypt?.expect(offered, target);
    return target;
  }

  finalizer(preserveTimes: boolean): ((partial: PartialFile) => Promise<void>) | undefined {
    return this.#decrypt?.finalizer(preserveTimes);
  }
}
