import { z } from 'zod';
import { okSchema } from '../accounts.ts';
import { conversionSchema, presetSchema, savePresetSchema, startConversionsSchema } from '../conversions.ts';
import { endpointGroup } from './endpoint-group.ts';
import { notFound } from './error-sets.ts';
import { idParams } from './params.ts';

const conversions = endpointGroup('Conversions', 'user');
const presets = endpointGroup('Conversions', 'admin');
const preset = presets.item('/admin/conversion-presets/{id}', idParams);

export const listPresets = conversions.get('/conversion-presets', {
  summary: 'The conversion presets an administrator set up, by name',
  response: z.array(presetSchema),
});
export const createPreset = presets.post('/admin/conversion-presets', {
  summary: 'Create a conversion preset',
  body: savePresetSchema,
  response: presetSchema,
  status: 201,
  errors: { 409: ['preset_exists'] },
});
export const updatePreset = preset.put('', {
  summary: 'Change a conversion preset (its conversions are made again when next asked for)',
  body: savePresetSchema,
  response: presetSchema,
  errors: { 409: ['preset_exists'] },
});
export const deletePreset = preset.delete('', {
  summary: 'Delete a conversion preset and its cached conversions',
  response: okSchema,
});
export const startConversions = conversions.post('/conversions', {
  summary: "Convert assets' current versions with presets, as jobs; answers where each stands",
  body: startConversionsSchema,
  response: z.array(conversionSchema),
  status: 202,
  errors: notFound,
});
