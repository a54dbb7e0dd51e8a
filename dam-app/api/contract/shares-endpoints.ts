import { z } from 'zod';
import { okSchema } from '../accounts.ts';
import {
  createdShareSchema,
  createShareSchema,
  publicShareSchema,
  shareGrantQuery,
  shareGrantSchema,
  shareItemParams,
  shareListSchema,
  shareRapidCountedSchema,
  shareRapidDoneSchema,
  shareRapidSpecSchema,
  shareSchema,
  shareTokenParams,
  unlockShareSchema,
  updateShareSchema,
} from '../shares.ts';
import { endpointGroup } from './endpoint-group.ts';
import { errors, forbidden, notFound } from './error-sets.ts';
import { idParams } from './params.ts';

const shares = endpointGroup('External shares', 'user');
export const listShares = shares.get('/shares', {
  summary: 'My external shares, latest first, each with its downloads',
  response: shareListSchema,
});
export const createShare = shares.post('/shares', {
  summary:
    'Share assets (ids, a collection or a cart) with people outside the DAM: a link with an expiration date, an optional maximum of downloads, licensing text and password; the recipients are mailed the link',
  body: createShareSchema,
  response: createdShareSchema,
  status: 201,
  errors: errors(forbidden, notFound, { 400: ['share_invalid', 'share_empty'] }),
});
const share = shares.item('/shares/{id}', idParams);
export const getShare = share.get('', {
  summary: 'One of my shares with its downloads',
  response: shareSchema,
});
export const updateShare = share.put('', {
  summary: 'Edit or extend a share (name, expiration, maximum, licensing text, message, password)',
  body: updateShareSchema,
  response: shareSchema,
  errors: { 400: ['share_invalid'] },
});
export const revokeShare = share.post('/revoke', {
  summary: 'Revoke a share: its link answers as an expired one from now on',
  response: okSchema,
});

// The recipient's side: anyone holding the link; an unknown, expired or revoked token all answer the same.
const recipient = endpointGroup('Shared links', 'public');
const gone = { 410: ['share_unavailable', 'share_exhausted'] } as const;
export const openShare = recipient.get('/s/{token}', {
  summary:
    'What a share link holds: only that it is locked until the password is given, then its name, licensing text and files',
  params: shareTokenParams,
  query: shareGrantQuery,
  response: publicShareSchema,
  errors: gone,
});
export const unlockShare = recipient.post('/s/{token}/unlock', {
  summary:
    'Give the password (attempts are limited per share) and accept the licensing text: answers the grant the page sends with its requests',
  params: shareTokenParams,
  body: unlockShareSchema,
  response: shareGrantSchema,
  errors: errors(gone, { 403: ['share_password'], 429: ['too_many_attempts'] }),
});
const itemErrors = errors(gone, { 403: ['share_locked'], 404: ['not_found'] });
export const shareThumbnail = recipient.get('/s/{token}/items/{assetId}/thumbnail', {
  summary: 'The thumbnail of a shared file (counts nothing)',
  params: shareItemParams,
  query: shareGrantQuery,
  response: z.unknown(),
  produces: 'image/*',
  errors: itemErrors,
});
export const sharePreview = recipient.get('/s/{token}/items/{assetId}/preview', {
  summary: 'The preview of a shared file (counts nothing)',
  params: shareItemParams,
  query: shareGrantQuery,
  response: z.unknown(),
  produces: 'image/*',
  errors: itemErrors,
});
export const shareFile = recipient.get('/s/{token}/items/{assetId}/file', {
  summary:
    'One shared file, resumable with `Range`; the share counts a download when every file has reached its last byte',
  params: shareItemParams,
  query: shareGrantQuery,
  response: z.unknown(),
  produces: 'application/octet-stream',
  errors: itemErrors,
});
export const shareZip = recipient.get('/s/{token}/zip', {
  summary:
    'Every shared file as one streamed zip (ZIP64) with its length known up front; the share counts a download at its last byte',
  params: shareTokenParams,
  query: shareGrantQuery,
  response: z.unknown(),
  produces: 'application/zip',
  errors: itemErrors,
});
export const shareRapidSpec = recipient.post('/s/{token}/rapid', {
  summary:
    "Download the whole share with Rapid: a download spec the node signs for the share's files only (no account, the grant of an accepted licence)",
  params: shareTokenParams,
  query: shareGrantQuery,
  response: shareRapidSpecSchema,
  errors: errors(itemErrors, { 502: ['node_unreachable', 'node_error'], 503: ['no_node'] }),
});
export const shareRapidDone = recipient.post('/s/{token}/rapid/done', {
  summary:
    "The page's Rapid transfer ended: the share counts a download when the node's records for its cookie show every file completed",
  params: shareTokenParams,
  query: shareGrantQuery,
  body: shareRapidDoneSchema,
  response: shareRapidCountedSchema,
  errors: errors(itemErrors, { 409: ['transfer_incomplete'], 502: ['node_error'], 503: ['no_node'] }),
});
