import { z } from 'zod';
import { okSchema } from '../accounts.ts';
import {
  createdPortalSchema,
  createPortalSchema,
  portalBrowseQuery,
  portalDownloadsSchema,
  portalGrantQuery,
  portalGrantSchema,
  portalItemParams,
  portalListSchema,
  portalRapidCountedSchema,
  portalRapidDoneSchema,
  portalRapidQuery,
  portalRapidSpecSchema,
  portalRenditionParams,
  portalSchema,
  portalTokenParams,
  portalZipQuery,
  publicPortalSchema,
  unlockPortalSchema,
  updatePortalSchema,
} from '../portals.ts';
import { endpointGroup } from './endpoint-group.ts';
import { errors, forbidden, notFound } from './error-sets.ts';
import { idParams } from './params.ts';

const portals = endpointGroup('External portals', 'user');
export const listPortals = portals.get('/portals', {
  summary: 'My external portals, latest first',
  response: portalListSchema,
});
export const createPortal = portals.post('/portals', {
  summary:
    'Make an external portal of collections and folders (a draft until published): name, description, terms, expiration date, maximum downloads, optional password; answers its address, shown once',
  body: createPortalSchema,
  response: createdPortalSchema,
  status: 201,
  errors: errors(forbidden, notFound, { 400: ['share_invalid', 'portal_too_large'] }),
});
const portal = portals.item('/portals/{id}', idParams);
export const updatePortal = portal.put('', {
  summary: 'Edit a portal (its fields and sources); a published one shows the change at once',
  body: updatePortalSchema,
  response: portalSchema,
  errors: errors(forbidden, { 400: ['share_invalid', 'portal_too_large'] }),
});
export const publishPortal = portal.post('/publish', {
  summary: 'Publish a portal: its address opens it from now on',
  response: portalSchema,
  errors: errors(forbidden, { 400: ['portal_too_large'] }),
});
export const unpublishPortal = portal.post('/unpublish', {
  summary: 'Unpublish a portal: its address answers "no longer published" from now on, with no asset data',
  response: portalSchema,
});
export const portalDownloads = portal.get('/downloads', {
  summary:
    "A portal's download log, latest first: when, which file (none for a zip), how, from where, counted or not",
  response: portalDownloadsSchema,
});
export const deletePortal = portal.delete('', {
  summary: 'Delete a portal',
  response: okSchema,
});

// The visitor's side: anyone holding the address; an unknown token answers as an expired portal.
const visitor = endpointGroup('Portal pages', 'public');
const gone = { 410: ['portal_expired', 'portal_unpublished', 'portal_exhausted'] } as const;
export const openPortal = visitor.get('/p/{token}', {
  summary:
    "A portal's page: only that it is locked until the password is given, then its name, description, terms and assets (a search `q` narrows them to the portal's own)",
  params: portalTokenParams,
  query: portalBrowseQuery,
  response: publicPortalSchema,
  errors: gone,
});
export const unlockPortal = visitor.post('/p/{token}/unlock', {
  summary:
    'Give the password (attempts are limited per portal) and accept the terms: answers the grant the page sends with its requests',
  params: portalTokenParams,
  body: unlockPortalSchema,
  response: portalGrantSchema,
  errors: errors(gone, { 403: ['share_password'], 429: ['too_many_attempts'] }),
});
const itemErrors = errors(gone, { 403: ['portal_locked'], 404: ['not_found'] });
export const portalThumbnail = visitor.get('/p/{token}/items/{assetId}/thumbnail', {
  summary: 'The thumbnail of an asset of the portal (counts nothing)',
  params: portalItemParams,
  query: portalGrantQuery,
  response: z.unknown(),
  produces: 'image/*',
  errors: itemErrors,
});
export const portalFile = visitor.get('/p/{token}/items/{assetId}/file', {
  summary:
    "One file of the portal, resumable with `Range`; it takes one of the portal's downloads when its last byte goes out",
  params: portalItemParams,
  query: portalGrantQuery,
  response: z.unknown(),
  produces: 'application/octet-stream',
  errors: itemErrors,
});
export const portalZip = visitor.get('/p/{token}/zip', {
  summary:
    "The portal's assets (or the chosen `ids`) as one streamed ZIP64 with its `Content-Length`; it takes one of the portal's downloads when its last byte goes out",
  params: portalTokenParams,
  query: portalZipQuery,
  response: z.unknown(),
  produces: 'application/zip',
  errors: errors(gone, { 403: ['portal_locked'], 404: ['not_found'] }),
});
const brandingErrors = errors(gone, { 404: ['not_found'] });
export const portalLogo = visitor.get('/p/{token}/logo', {
  summary: "The portal's logo (JPG, GIF or PNG), shown on its page even before the password",
  params: portalTokenParams,
  response: z.unknown(),
  produces: 'image/*',
  errors: brandingErrors,
});
export const portalFavicon = visitor.get('/p/{token}/favicon', {
  summary: "The portal's favicon (JPG, GIF or PNG)",
  params: portalTokenParams,
  response: z.unknown(),
  produces: 'image/*',
  errors: brandingErrors,
});
export const portalRendition = visitor.get('/p/{token}/items/{assetId}/renditions/{name}', {
  summary:
    "A named rendition of an asset of the portal, when the portal offers it; it takes one of the portal's downloads when its last byte goes out",
  params: portalRenditionParams,
  query: portalGrantQuery,
  response: z.unknown(),
  produces: 'application/octet-stream',
  errors: itemErrors,
});
export const portalRapidSpec = visitor.post('/p/{token}/rapid', {
  summary:
    "Download the portal's originals (all, or the chosen `ids`) with Rapid: a download spec the node signs for those files only (no account, the grant of accepted terms)",
  params: portalTokenParams,
  query: portalRapidQuery,
  response: portalRapidSpecSchema,
  errors: errors(itemErrors, { 502: ['node_unreachable', 'node_error'], 503: ['no_node'] }),
});
export const portalRapidDone = visitor.post('/p/{token}/rapid/done', {
  summary:
    "The page's Rapid transfer ended: the portal counts one download when the node's records for its cookie show every signed file completed",
  params: portalTokenParams,
  query: portalGrantQuery,
  body: portalRapidDoneSchema,
  response: portalRapidCountedSchema,
  errors: errors(itemErrors, { 409: ['transfer_incomplete'], 502: ['node_error'], 503: ['no_node'] }),
});
