import { platformSettingsSchema, savePlatformSettingsSchema } from '../platform-settings.ts';
import { endpointGroup } from './endpoint-group.ts';

const settings = endpointGroup('Platform settings', 'user');

export const getPlatformSettings = settings.get('/platform-settings', {
  summary:
    'The platform settings the transfer flows read (R-PLATFORM-SETTINGS): work-folder prefixing, seamless transfers, the workspace id',
  response: platformSettingsSchema,
});
export const savePlatformSettings = settings.put('/admin/platform-settings', {
  summary: 'Change the platform settings (R-PLATFORM-SETTINGS)',
  auth: 'admin',
  body: savePlatformSettingsSchema,
  response: platformSettingsSchema,
  // R-CONFIGURATOR-LEASE: another administrator holds the global settings' lease.
  errors: { 409: ['configuring'] },
});
