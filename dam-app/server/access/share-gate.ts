import { forbidden } from '../api/api-error.ts';
import type { DamConfig } from '../config/config.ts';
import { can, type Principal } from './principal.ts';
import { mayDownload } from './transfer-gates.ts';

/**
 * An external share hands files to people outside the DAM: the sharer needs externalShare and the download gate
 * (R-DOWNLOAD-GATE) in the ACL the share was made in, at creation and at every download.
 */
export const mayShare = (config: Pick<DamConfig, 'allowDownload'>, principal: Principal): boolean =>
  can(principal, 'externalShare') && mayDownload(config, principal);

export function assertMayShare(config: Pick<DamConfig, 'allowDownload'>, principal: Principal): void {
  if (!mayShare(config, principal)) throw forbidden();
}
