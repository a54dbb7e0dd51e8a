import { forbidden } from '../api/api-error.ts';
import type { DamConfig } from '../config/config.ts';
import { can, type Principal } from './principal.ts';

type Switches = Pick<DamConfig, 'allowDownload' | 'allowUpload'>;

/** Downloads (Standard, loading dock, transfer node) need them allowed on this DAM and quickDownload or downloadHiRes. */
export const mayDownload = (config: Pick<Switches, 'allowDownload'>, principal: Principal): boolean =>
  config.allowDownload && (can(principal, 'quickDownload') || can(principal, 'downloadHiRes'));

/** Uploads (browser, transfer node) need them allowed on this DAM and fileUpload. */
export const mayUpload = (config: Pick<Switches, 'allowUpload'>, principal: Principal): boolean =>
  config.allowUpload && can(principal, 'fileUpload');

export function assertMayDownload(config: Pick<Switches, 'allowDownload'>, principal: Principal): void {
  if (!mayDownload(config, principal)) throw forbidden();
}
