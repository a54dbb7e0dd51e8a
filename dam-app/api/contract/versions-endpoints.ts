import { z } from 'zod';
import { assetSchema } from '../assets.ts';
import { checkInSchema, compareQuerySchema, versionCompareSchema, versionSchema } from '../versions.ts';
import { endpointGroup } from './define-endpoint.ts';
import { errors, inUse, notFound } from './error-sets.ts';
import { assetIdParams, versionParams } from './params.ts';

const versions = endpointGroup('Versions', 'user');
const newVersionSchema = z.object({ asset: assetSchema, version: z.number() });
const versionNotFound = { 404: ['not_found', 'version_not_found'] };

export const checkOutAsset = versions.post('/assets/{id}/checkout', {
  summary: 'Check out: lock the asset for me (everyone sees the holder)',
  params: assetIdParams,
  response: assetSchema,
  errors: errors(notFound, inUse),
});
export const cancelCheckOut = versions.delete('/assets/{id}/checkout', {
  summary: 'Cancel the check-out (an administrator can break anyone’s)',
  params: assetIdParams,
  response: assetSchema,
  errors: errors(notFound, inUse),
});
export const checkInAsset = versions.post('/assets/{id}/checkin', {
  summary: 'Check in: a new version (name, comment, message, category), optionally with new content',
  params: assetIdParams,
  body: checkInSchema,
  response: newVersionSchema,
  status: 201,
  errors: errors(notFound, { 409: ['not_checked_out', 'replacement_not_upload'] }),
});
export const listVersions = versions.get('/assets/{id}/versions', {
  summary: 'The versions of an asset, newest first',
  params: assetIdParams,
  response: z.array(versionSchema),
  errors: notFound,
});
export const restoreVersion = versions.post('/assets/{id}/versions/{number}/restore', {
  summary: 'Restore an old version (as a new version)',
  params: versionParams,
  response: newVersionSchema,
  errors: errors(versionNotFound, inUse),
});
export const compareVersions = versions.get('/assets/{id}/versions/compare', {
  summary: 'Compare two versions: metadata differences and both renditions',
  params: assetIdParams,
  query: compareQuerySchema,
  response: versionCompareSchema,
  errors: versionNotFound,
});
export const versionThumbnail = versions.get('/assets/{id}/versions/{number}/renditions/thumbnail', {
  summary: 'The thumbnail of one version (for Version compare)',
  params: versionParams,
  response: z.string().meta({ format: 'binary' }),
  produces: 'image/jpeg',
  errors: versionNotFound,
});
