import { getPlatformSettings, savePlatformSettings } from '../../api/contract/platform-settings-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as settings from './platform-settings-service.ts';

export const platformSettingsRoutes = [
  bindEndpoint(getPlatformSettings, ({ services }) => settings.readPlatformSettings(services.db)),
  bindEndpoint(savePlatformSettings, ({ services, principal, body, ip }) =>
    settings.savePlatformSettings(services, principal, body, ip),
  ),
];
