import { z } from 'zod';
import { ASSET_MESSAGES } from '../asset-messages.ts';
import { dbIdParam, dbString } from '../db-safe.ts';

// The path parameters endpoints share: `{id}` of a row, of an asset (whose refusal names the asset), and the pairs
// built on them. One schema per parameter shape, so a path's `{id}` is validated the same way everywhere.

/** `{id}`: the id of a row (a folder, a user, a group, an ACL, a cart, a collection, a saved search, an API key). */
export const idParams = z.object({ id: dbIdParam() });
/** `{id}` of an asset. */
export const assetIdParams = z.object({ id: dbIdParam(ASSET_MESSAGES.assetIdInvalid) });
/** `{id}` of an asset and `{name}` of one of its renditions. */
export const renditionParams = assetIdParams.extend({ name: dbString().max(40) });
/** `{id}` of an asset, `{name}` of one of its renditions and `{tag}`, the version of its bytes. */
export const taggedRenditionParams = renditionParams.extend({ tag: dbString().max(40) });
/** `{id}` of an asset and `{number}` of one of its versions. */
export const versionParams = z.object({ id: dbIdParam(), number: dbIdParam() });
/** `{id}` of an invitation: the token its link carries. */
export const invitationParams = z.object({ id: dbString().max(64) });
