import {
  createPreset,
  deletePreset,
  listPresets,
  updatePreset,
} from '../../api/contract/conversions-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as presets from './preset-service.ts';

export const presetRoutes = [
  bindEndpoint(listPresets, ({ services }) => presets.listPresets(services)),
  bindEndpoint(createPreset, ({ services, principal, body, ip }) =>
    presets.createPreset(services, principal, body, ip),
  ),
  bindEndpoint(updatePreset, ({ services, principal, params, body, ip }) =>
    presets.updatePreset(services, principal, params.id, body, ip),
  ),
  bindEndpoint(deletePreset, async ({ services, principal, params, ip }) => {
    await presets.deletePreset(services, principal, params.id, ip);
    return { ok: true as const };
  }),
];
