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

/**
 * R-PORTAL-PUBLISH: a portal publishes to anyone holding its address, a permission of its own (externalPortal) with the
 * download gate, in the ACL the portal was made in: checked when it is saved, published and at every visit.
 */
export const mayPublishPortal = (config: Pick<DamConfig, 'allowDownload'>, principal: Principal): boolean =>
  can(principal, 'externalPortal') && mayDownload(config, principal);

export function assertMayPublishPortal(config: Pick<DamConfig, 'allowDownload'>, principal: Principal): void {
  if (!mayPublishPortal(config, principal)) throw forbidden();
}
