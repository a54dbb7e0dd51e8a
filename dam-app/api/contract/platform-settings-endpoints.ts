import { platformSettingsSchema, savePlatformSettingsSchema } from '../platform-settings.ts';
import { defineEndpoint } from './define-endpoint.ts';

const tag = 'Platform settings';

export const getPlatformSettings = defineEndpoint({
  method: 'get',
  path: '/platform-settings',
  tag,
  summary:
    'The platform settings the transfer flows read (R-PLATFORM-SETTINGS): work-folder prefixing, seamless transfers, the workspace id',
  auth: 'user',
  response: platformSettingsSchema,
});
export const savePlatformSettings = defineEndpoint({
  method: 'put',
  path: '/admin/platform-settings',
  tag,
  summary: 'Change the platform settings (R-PLATFORM-SETTINGS)',
  auth: 'admin',
  body: savePlatformSettingsSchema,
  response: platformSettingsSchema,
});
