import { randomBytes } from 'node:crypto';
import { rename, rm, utimes } from 'node:fs/promises';
import type { RapidTransferSpec } from '@rapid/protocol';
import { checkpointPath, type PartialFile } from '../fs/partial-file.ts';
import type { FoundFile } from '../fs/walk-files.ts';
import { SessionError } from '../session/session-types.ts';
import type { SourceAccess } from '../session/source-access.ts';
import { ENVELOPE_SUFFIX } from './envelope-format.ts';
import { newFileSecret } from './envelope-keys.ts';
import { decryptEnvelope } from './envelope-open.ts';
import { EnvelopeSource } from './envelope-source.ts';
import { protectedSourceAccess } from './protected-access.ts';

export interface Protection {
  mode: 'encrypt' | 'decrypt';
  passphrase: string;
}

/** `content_protection` of a spec (node spelling `_password`, Connect spelling `_passphrase`). */
export function protectionOf(spec: RapidTransferSpec): Protection | undefined {
  const mode = spec.content_protection;
  if (!mode) return undefined;
  if (mode === 'encrypt' && spec.direction !== 'send')
    throw new SessionError(50, 'content_protection "encrypt" applies to uploads only', false);
  if (mode === 'decrypt' && spec.direction !== 'receive')
    throw new SessionError(50, 'content_protection "decrypt" applies to downloads only', false);
  const passphrase = spec.content_protection_password ?? spec.content_protection_passphrase ?? '';
  if (passphrase === '')
    throw new SessionError(48, `content_protection "${mode}" needs content_protection_password`, false);
  return { mode, passphrase };
}

/**
 * Encrypted uploads: each file is offered as `<name>.rapid-env` with the envelope's size and read through its
 * envelope. One kdf salt per session (one scrypt), one random file salt per file.
 */
export async function protectUploads(
  files: FoundFile[],
  passphrase: string,
): Promise<{ files: FoundFile[]; access: SourceAccess }> {
  const kdfSalt = randomBytes(16);
  const sources: EnvelopeSource[] = [];
  for (const file of files)
    sources.push(new EnvelopeSource(file.source, await newFileSecret(passphrase, kdfSalt, file.size)));
  return {
    files: files.map((file, index) => ({
      ...file,
      path: `${file.path}${ENVELOPE_SUFFIX}`,
      size: (sources[index] as EnvelopeSource).size,
    })),
    access: protectedSourceAccess(sources, passphrase),
  };
}

/**
 * Decrypting downloads: `<name>.rapid-env` lands as `<name>`. Files without the suffix are not envelopes and pass
 * through unchanged (as Aspera does with `.aspera-env`).
 */
export class DecryptingNames {
  #envelopes = new Set<string>();

  constructor(private readonly passphrase: string) {}

  /** The offered path to write locally: the suffix removed from envelopes. */
  plainPath(offered: string): string {
    return offered.endsWith(ENVELOPE_SUFFIX) && offered.length > ENVELOPE_SUFFIX.length
      ? offered.slice(0, -ENVELOPE_SUFFIX.length)
      : offered;
  }

  /** Records that the local `finalPath` receives an envelope. */
  expect(offered: string, finalPath: string): void {
    if (offered !== this.plainPath(offered)) this.#envelopes.add(finalPath);
  }

  /** The receiver's finisher: envelopes are decrypted into place, other files renamed as usual. */
  finalizer(preserveTimes: boolean): (partial: PartialFile) => Promise<void> {
    return async (partial) => {
      if (!this.#envelopes.has(partial.finalPath)) return partial.finalizeAsync(preserveTimes);
      const from = await partial.closeComplete();
      const staging = `${partial.finalPath}.rapid-dec`;
      await decryptEnvelope(from, staging, this.passphrase);
      await rename(staging, partial.finalPath);
      if (preserveTimes) await utimes(partial.finalPath, new Date(), new Date(partial.sourceMtimeMs));
      await rm(from, { force: true });
      await rm(checkpointPath(partial.finalPath), { force: true });
    };
  }
}
