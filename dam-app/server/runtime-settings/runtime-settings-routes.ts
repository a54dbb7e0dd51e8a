import { getRuntimeSettings, saveRuntimeSettings } from '../../api/contract/runtime-settings-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as settings from './runtime-settings-service.ts';

export const runtimeSettingsRoutes = [
  bindEndpoint(getRuntimeSettings, ({ services }) => settings.listRuntimeSettings(services)),
  bindEndpoint(saveRuntimeSettings, ({ services, principal, body, ip }) =>
    settings.saveRuntimeSettings(services, principal, body, ip),
  ),
];
