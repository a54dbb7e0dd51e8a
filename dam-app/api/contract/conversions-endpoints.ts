import { z } from 'zod';
import { okSchema } from '../accounts.ts';
import { idParamSchema } from '../admin.ts';
import { conversionSchema, presetSchema, savePresetSchema, startConversionsSchema } from '../conversions.ts';
import { defineEndpoint } from './define-endpoint.ts';

const tag = 'Conversions';

export const listPresets = defineEndpoint({
  method: 'get',
  path: '/conversion-presets',
  tag,
  summary: 'The conversion presets an administrator set up, by name',
  auth: 'user',
  response: z.array(presetSchema),
});
export const createPreset = defineEndpoint({
  method: 'post',
  path: '/admin/conversion-presets',
  tag,
  summary: 'Create a conversion preset',
  auth: 'admin',
  body: savePresetSchema,
  response: presetSchema,
  status: 201,
  errors: { 409: ['preset_exists'] },
});
export const updatePreset = defineEndpoint({
  method: 'put',
  path: '/admin/conversion-presets/{id}',
  tag,
  summary: 'Change a conversion preset (its conversions are made again when next asked for)',
  auth: 'admin',
  params: idParamSchema,
  body: savePresetSchema,
  response: presetSchema,
  errors: { 404: ['not_found'], 409: ['preset_exists'] },
});
export const deletePreset = defineEndpoint({
  method: 'delete',
  path: '/admin/conversion-presets/{id}',
  tag,
  summary: 'Delete a conversion preset and its cached conversions',
  auth: 'admin',
  params: idParamSchema,
  response: okSchema,
  errors: { 404: ['not_found'] },
});
export const startConversions = defineEndpoint({
  method: 'post',
  path: '/conversions',
  tag,
  summary: "Convert assets' current versions with presets, as jobs; answers where each stands",
  auth: 'user',
  body: startConversionsSchema,
  response: z.array(conversionSchema),
  status: 202,
  errors: { 404: ['not_found'] },
});
