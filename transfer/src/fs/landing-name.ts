import { createHash } from 'node:crypto';
import { posix } from 'node:path';

/** What a token's uploads do with a name already taken at the destination (Rapid's `clash_policy`). */
export type ClashPolicy = 'land_beside';

export const LANDING_PREFIX = '.rapid-landing-';

/**
 * Where a file of transfer `xferId` lands when its name is taken: a hidden name beside it, the same for every session
 * of that transfer (so a retry resumes the same `.partial`), short whatever the offered name's length, and hidden
 * (leading dot) so nothing that lists the folder takes it for a finished file.
 */
export function landingPath(relative: string, xferId: string): string {
  const digest = createHash('sha256').update(`${xferId}\0${relative}`).digest('hex').slice(0, 32);
  return posix.join(posix.dirname(relative), `${LANDING_PREFIX}${digest}`);
}
