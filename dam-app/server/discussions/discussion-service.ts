import type { Kysely } from 'kysely';
import {
  type Annotation,
  type AnnotationKind,
  type Comment,
  DISCUSSION_MESSAGES,
  MENTION_SUGGESTIONS_MAX,
  MENTIONS_MAX,
  mentionedNames,
  type NewComment,
} from '../../api/discussions.ts';
import { commentTargetId } from '../../api/notifications.ts';
import type { Principal } from '../access/principal.ts';
import { forbidden, invalid, notFound } from '../api/api-error.ts';
import { visibleAsset } from '../assets/asset-records.ts';
import type { Asset, AssetKind, Database } from '../db/schema.ts';
import { mayReach } from '../notifications/notification-queries.ts';
import { notify } from '../notifications/notify.ts';
import type { DamServices } from '../services.ts';
import * as queries from './discussion-queries.ts';

/** The key of the Mention a comment gave a person (R-MENTION: retracted when the comment is deleted). */
const mentionKey = (commentId: number, userId: number) => `mention:${commentId}:${userId}`;

/** R-ANNOTATION: which kind of asset each annotation fits. */
const ANNOTATION_FITS: Record<AnnotationKind, AssetKind> = { region: 'image', page: 'pdf', time: 'video' };

/** R-COMMENT-EDIT: a comment's author, or a global admin (an administrator), may edit or delete it. */
const mayEdit = (principal: Principal, authorId: number | null) =>
  principal.user.is_admin || (authorId !== null && authorId === principal.user.id);

function view(principal: Principal, row: queries.CommentRow, mentions: string[]): Comment {
  const deleted = row.deleted_at !== null;
  return {
    id: row.id,
    parentId: row.parent_id,
    version: row.version_number,
    author: deleted || row.author_id === null ? null : { id: row.author_id, name: row.author_name ?? '' },
    body: row.body,
    deleted,
    annotation: row.annotation,
    mentions,
    createdAt: row.created_at.toISOString(),
    editedAt: row.edited_at?.toISOString() ?? null,
    mayEdit: !deleted && mayEdit(principal, row.author_id),
  };
}

async function views(db: Kysely<Database>, principal: Principal, rows: queries.CommentRow[]) {
  const mentions = await queries.mentionsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) =>
    view(
      principal,
      row,
      mentions.filter((each) => each.comment_id === row.id).map((each) => each.username),
    ),
  );
}

async function checkVersion(services: DamServices, asset: Asset, version: number) {
  if (version === asset.version_number) return;
  if (version > asset.version_number || !(await queries.versionExists(services.db, asset.id, version)))
    throw notFound('asset', DISCUSSION_MESSAGES.versionMissing);
}

/** The discussion of one version of an asset (its current one unless asked), oldest first. */
export async function discussion(
  services: DamServices,
  principal: Principal,
  assetId: number,
  version?: number,
) {
  const asset = await visibleAsset(services, principal, assetId);
  const number = version ?? asset.version_number;
  await checkVersion(services, asset, number);
  const rows = await queries.commentsOf(services.db, asset.id, number);
  return {
    version: number,
    currentVersion: asset.version_number,
    items: await views(services.db, principal, rows),
  };
}

/** R-MENTION: the people a comment names who exist and may see the asset (any other @word is plain text). */
async function mentionable(db: Kysely<Database>, asset: Asset, body: string) {
  const names = mentionedNames(body).slice(0, MENTIONS_MAX);
  const users = await queries.usersNamed(db, names);
  return mayReach(
    db,
    users.map((user) => user.id),
    asset.path,
  );
}

/** A Mention or Discussion opens the asset's Discussion tab at the comment, on the comment's version. */
const commentTarget = (asset: Asset, comment: { id: number; version: number }) => ({
  kind: 'comment' as const,
  id: commentTargetId(asset.id, comment.version, comment.id),
});

/** R-MENTION: one Mention per person, keyed by the comment, so deleting the comment retracts it. */
async function tellMentioned(
  services: DamServices,
  trx: Kysely<Database>,
  asset: Asset,
  actorId: number,
  comment: { id: number; version: number },
  mentioned: number[],
) {
  const commentId = comment.id;
  for (const userId of mentioned)
    await notify(trx, services.config, {
      type: 'Mention',
      actorId,
      subject: asset.name,
      target: commentTarget(asset, comment),
      to: [userId],
      key: mentionKey(commentId, userId),
    });
}

/**
 * R-MENTION, R-NOTIFY: tells the newly mentioned (Mention) and everyone else concerned (Discussion: the followers of
 * the asset and the author of the comment answered), in the comment's transaction; the writer is never told.
 */
async function tell(
  services: DamServices,
  trx: Kysely<Database>,
  asset: Asset,
  actorId: number,
  comment: { id: number; version: number },
  mentioned: number[],
  others: number[],
) {
  await tellMentioned(services, trx, asset, actorId, comment, mentioned);
  await notify(trx, services.config, {
    type: 'Discussion',
    actorId,
    subject: asset.name,
    target: commentTarget(asset, comment),
    about: { assetId: asset.id, path: asset.path },
    to: others,
    except: mentioned,
  });
}

function checkAnnotation(
  asset: Asset,
  annotation: Annotation | undefined,
  parent: queries.CommentRow | undefined,
) {
  if (!annotation) return;
  if (parent) throw invalid({ annotation: DISCUSSION_MESSAGES.replyAnnotation });
  if (ANNOTATION_FITS[annotation.kind] !== asset.kind)
    throw invalid({ annotation: DISCUSSION_MESSAGES.annotationKind });
}

/** A new comment, reply or annotation on a version of an asset the person may see. */
export async function addComment(
  services: DamServices,
  principal: Principal,
  assetId: number,
  input: NewComment,
) {
  const asset = await visibleAsset(services, principal, assetId);
  const parent =
    input.parentId === undefined ? undefined : await queries.findComment(services.db, input.parentId);
  if (input.parentId !== undefined && (!parent || parent.asset_id !== asset.id)) throw notFound('comment');
  // A reply answers its thread's head, on that thread's version.
  const head = parent?.parent_id ? await queries.findComment(services.db, parent.parent_id) : parent;
  const version = head?.version_number ?? input.version ?? asset.version_number;
  if (head && input.version !== undefined && input.version !== version)
    throw invalid({ version: DISCUSSION_MESSAGES.versionMissing });
  await checkVersion(services, asset, version);
  checkAnnotation(asset, input.annotation, parent);
  const mentioned = await mentionable(services.db, asset, input.body);
  const id = await services.db.transaction().execute(async (trx) => {
    const id = await queries.insertComment(trx, {
      asset_id: asset.id,
      version_number: version,
      parent_id: head?.id ?? null,
      author_id: principal.user.id,
      body: input.body,
      annotation: input.annotation ?? null,
    });
    const fresh = await queries.addMentions(trx, id, mentioned);
    const answered = [parent?.author_id, head?.author_id].filter(
      (each): each is number => typeof each === 'number',
    );
    const participants = await mayReach(trx, [...new Set(answered)], asset.path);
    await tell(services, trx, asset, principal.user.id, { id, version }, fresh, participants);
    await queries.signalDiscussion(trx, { assetId: asset.id, commentId: id, path: asset.path });
    return id;
  });
  return commentView(services, principal, id);
}

async function editable(services: DamServices, principal: Principal, id: number) {
  const comment = await queries.findComment(services.db, id);
  if (!comment || comment.deleted_at) throw notFound('comment');
  const asset = await visibleAsset(services, principal, comment.asset_id);
  if (!mayEdit(principal, comment.author_id)) throw forbidden();
  return { comment, asset };
}

/** Changes a comment's text; only people it newly mentions are told (an edit never notifies twice). */
export async function editComment(services: DamServices, principal: Principal, id: number, body: string) {
  const { asset, comment } = await editable(services, principal, id);
  const mentioned = await mentionable(services.db, asset, body);
  await services.db.transaction().execute(async (trx) => {
    await queries.updateCommentBody(trx, id, body);
    const fresh = await queries.addMentions(trx, id, mentioned);
    await tellMentioned(
      services,
      trx,
      asset,
      principal.user.id,
      { id, version: comment.version_number },
      fresh,
    );
    await queries.signalDiscussion(trx, { assetId: asset.id, commentId: id, path: asset.path });
  });
  return commentView(services, principal, id);
}

/** Deletes a comment: a thread head with replies stays as "deleted" so the replies still read. */
export async function deleteComment(services: DamServices, principal: Principal, id: number) {
  const { comment, asset } = await editable(services, principal, id);
  await services.db.transaction().execute(async (trx) => {
    const mentioned = await queries.mentionedIds(trx, id);
    await queries.retractNotifications(
      trx,
      mentioned.map((userId) => mentionKey(id, userId)),
    );
    if (await queries.hasReplies(trx, id)) await queries.blankComment(trx, id);
    else await queries.deleteComment(trx, id);
    if (comment.parent_id !== null) await queries.removeEmptyThread(trx, comment.parent_id);
    await queries.signalDiscussion(trx, { assetId: asset.id, commentId: id, path: asset.path });
  });
}

async function commentView(services: DamServices, principal: Principal, id: number) {
  const row = await queries.findComment(services.db, id);
  if (!row) throw notFound('comment');
  const [one] = await views(services.db, principal, [row]);
  return one as Comment;
}

/** R-MENTION: the @mention autocomplete offers only people who may see the asset. */
export async function mentionSuggestions(
  services: DamServices,
  principal: Principal,
  assetId: number,
  q: string,
) {
  const asset = await visibleAsset(services, principal, assetId);
  const prefix = q.startsWith('@') ? q.slice(1) : q;
  // Read a few more than shown: some matches may not see the asset.
  const users = await queries.usersStartingWith(services.db, prefix, MENTION_SUGGESTIONS_MAX * 5);
  const allowed = new Set(
    await mayReach(
      services.db,
      users.map((user) => user.id),
      asset.path,
    ),
  );
  return users
    .filter((user) => allowed.has(user.id))
    .slice(0, MENTION_SUGGESTIONS_MAX)
    .map((user) => ({ id: user.id, name: user.username }));
}
