import { runtimeSettingsSchema, saveRuntimeSettingsSchema } from '../runtime-settings.ts';
import { endpointGroup } from './endpoint-group.ts';

const settings = endpointGroup('Runtime settings', 'admin');

export const getRuntimeSettings = settings.get('/admin/runtime-settings', {
  summary:
    'The settings an administrator changes while the DAM runs (R-RUNTIME-SETTINGS): each value, and whether the environment pins it',
  response: runtimeSettingsSchema,
});
export const saveRuntimeSettings = settings.put('/admin/runtime-settings', {
  summary: 'Change runtime settings; every server applies them without a restart (R-RUNTIME-SETTINGS)',
  body: saveRuntimeSettingsSchema,
  response: runtimeSettingsSchema,
  // R-CONFIGURATOR-LEASE: another administrator configures; or a setting the environment pins.
  errors: { 409: ['configuring', 'setting_pinned'] },
});
