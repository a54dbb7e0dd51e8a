import { forbidden } from '../api/api-error.ts';
import type { DamConfig } from '../config/config.ts';
import type { Principal } from './principal.ts';
import { mayDownload } from './transfer-gates.ts';

/**
 * A conversion is a download of the asset in another form (R-CONVERSION-GATE): whoever may download it (downloads
 * allowed here, quickDownload or downloadHiRes in the current ACL) may convert it; nobody else.
 */
export const mayConvert = (config: Pick<DamConfig, 'allowDownload'>, principal: Principal): boolean =>
  mayDownload(config, principal);

export function assertMayConvert(config: Pick<DamConfig, 'allowDownload'>, principal: Principal): void {
  if (!mayConvert(config, principal)) throw forbidden();
}
