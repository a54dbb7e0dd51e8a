import { z } from 'zod';
import { assetSchema } from '../assets.ts';
import { checkInSchema, compareQuerySchema, versionCompareSchema, versionSchema } from '../versions.ts';
import { endpointGroup } from './endpoint-group.ts';
import { inUse } from './error-sets.ts';
import { assetIdParams, versionParams } from './params.ts';

const versions = endpointGroup('Versions', 'user');
const asset = versions.item('/assets/{id}', assetIdParams);
const version = versions.item('/assets/{id}/versions/{number}', versionParams);
const newVersionSchema = z.object({ asset: assetSchema, version: z.number() });
const versionNotFound = { 404: ['version_not_found'] };

export const checkOutAsset = asset.post('/checkout', {
  summary: 'Check out: lock the asset for me (everyone sees the holder)',
  response: assetSchema,
  errors: inUse,
});
export const cancelCheckOut = asset.delete('/checkout', {
  summary: 'Cancel the check-out (an administrator can break anyone’s)',
  response: assetSchema,
  errors: inUse,
});
export const checkInAsset = asset.post('/checkin', {
  summary: 'Check in: a new version (name, comment, message, category), optionally with new content',
  body: checkInSchema,
  response: newVersionSchema,
  status: 201,
  errors: { 409: ['not_checked_out', 'replacement_not_upload'] },
});
export const listVersions = asset.get('/versions', {
  summary: 'The versions of an asset, newest first',
  response: z.array(versionSchema),
});
export const restoreVersion = version.post('/restore', {
  summary: 'Restore an old version (as a new version)',
  response: newVersionSchema,
  errors: { ...versionNotFound, ...inUse },
});
export const compareVersions = asset.get('/versions/compare', {
  summary: 'Compare two versions: metadata differences and both renditions',
  query: compareQuerySchema,
  response: versionCompareSchema,
  errors: versionNotFound,
});
export const versionThumbnail = version.get('/renditions/thumbnail', {
  summary: 'The thumbnail of one version (for Version compare)',
  response: z.string().meta({ format: 'binary' }),
  produces: 'image/jpeg',
  errors: versionNotFound,
});
