import { forbidden } from '../api/api-error.ts';
import type { DamConfig } from '../config/config.ts';
import { can, type Principal } from './principal.ts';

/** Standard Download (HTTP) needs downloads allowed on this DAM and quickDownload or downloadHiRes. */
export function assertMayDownload(config: Pick<DamConfig, 'allowDownload'>, principal: Principal): void {
  if (!config.allowDownload || !(can(principal, 'quickDownload') || can(principal, 'downloadHiRes')))
    throw forbidden();
}
