import { z } from 'zod';
import { assetIdParamSchema, assetSchema } from '../assets.ts';
import {
  checkInSchema,
  compareQuerySchema,
  versionCompareSchema,
  versionParamSchema,
  versionSchema,
} from '../versions.ts';
import { defineEndpoint } from './define-endpoint.ts';

const tag = 'Versions';
const newVersionSchema = z.object({ asset: assetSchema, version: z.number() });

export const checkOutAsset = defineEndpoint({
  method: 'post',
  path: '/assets/{id}/checkout',
  tag,
  summary: 'Check out: lock the asset for me (everyone sees the holder)',
  auth: 'user',
  params: assetIdParamSchema,
  response: assetSchema,
  errors: { 404: ['not_found'], 409: ['in_use'] },
});
export const cancelCheckOut = defineEndpoint({
  method: 'delete',
  path: '/assets/{id}/checkout',
  tag,
  summary: 'Cancel the check-out (an administrator can break anyone’s)',
  auth: 'user',
  params: assetIdParamSchema,
  response: assetSchema,
  errors: { 404: ['not_found'], 409: ['in_use'] },
});
export const checkInAsset = defineEndpoint({
  method: 'post',
  path: '/assets/{id}/checkin',
  tag,
  summary: 'Check in: a new version (name, comment, message, category), optionally with new content',
  auth: 'user',
  params: assetIdParamSchema,
  body: checkInSchema,
  response: newVersionSchema,
  status: 201,
  errors: { 404: ['not_found'], 409: ['not_checked_out', 'replacement_not_upload'] },
});
export const listVersions = defineEndpoint({
  method: 'get',
  path: '/assets/{id}/versions',
  tag,
  summary: 'The versions of an asset, newest first',
  auth: 'user',
  params: assetIdParamSchema,
  response: z.array(versionSchema),
  errors: { 404: ['not_found'] },
});
export const restoreVersion = defineEndpoint({
  method: 'post',
  path: '/assets/{id}/versions/{number}/restore',
  tag,
  summary: 'Restore an old version (as a new version)',
  auth: 'user',
  params: versionParamSchema,
  response: newVersionSchema,
  errors: { 404: ['not_found', 'version_not_found'], 409: ['in_use'] },
});
export const compareVersions = defineEndpoint({
  method: 'get',
  path: '/assets/{id}/versions/compare',
  tag,
  summary: 'Compare two versions: metadata differences and both renditions',
  auth: 'user',
  params: assetIdParamSchema,
  query: compareQuerySchema,
  response: versionCompareSchema,
  errors: { 404: ['not_found', 'version_not_found'] },
});
export const versionThumbnail = defineEndpoint({
  method: 'get',
  path: '/assets/{id}/versions/{number}/renditions/thumbnail',
  tag,
  summary: 'The thumbnail of one version (for Version compare)',
  auth: 'user',
  params: versionParamSchema,
  response: z.string().meta({ format: 'binary' }),
  produces: 'image/jpeg',
  errors: { 404: ['not_found', 'version_not_found'] },
});
