import type { Kysely } from 'kysely';
import { WORKFLOW_MESSAGES } from '../../api/messages.ts';
import type { WorkflowAsset, WorkflowChange } from '../../api/workflows.ts';
import { assetMoveIntent } from '../assets/asset-intents.ts';
import { metadataColumns, pathFreeInIndex } from '../assets/asset-queries.ts';
import type { Database } from '../db/schema.ts';
import { baseName, joinPath, parentOf } from '../folders/acl-scope.ts';
import { performIntent } from '../intents/intents.ts';
import { notify } from '../notifications/notify.ts';
import type { DamServices } from '../services.ts';
import * as queries from './workflow-queries.ts';

/** Refused changes: the run ends in error and nothing of it is applied. */
export class ChangeRefused extends Error {}

/** Where the script's last `dam.move` puts the asset, or nothing when it stays. */
function moveTarget(asset: WorkflowAsset, changes: WorkflowChange[]) {
  const moves = changes.filter((change) => change.action === 'move');
  const folder = moves.at(-1)?.folder;
  if (folder === undefined || folder === parentOf(asset.path)) return undefined;
  return folder;
}

/**
 * Checks what can be checked before anything changes: the folder a move names exists and has no file of that name.
 * Answers the asset's new path, if it moves.
 */
export async function checkChanges(services: DamServices, asset: WorkflowAsset, changes: WorkflowChange[]) {
  const folder = moveTarget(asset, changes);
  if (folder === undefined) return undefined;
  if ((await queries.folderIdAt(services.db, folder)) === undefined)
    throw new ChangeRefused(WORKFLOW_MESSAGES.workflowMoveTargetMissing(folder));
  const target = joinPath(folder, baseName(asset.path));
  if ((await services.tree.exists(target)) || !(await pathFreeInIndex(services.db, target)))
    throw new ChangeRefused(WORKFLOW_MESSAGES.workflowMoveTargetTaken(target));
  return target;
}

/** The move, as the asset move operation does it (an intent: a crash finishes or undoes it). */
export async function moveForRun(services: DamServices, asset: WorkflowAsset, target: string) {
  await performIntent(
    services,
    assetMoveIntent,
    { assetId: asset.id, from: asset.path, to: target, name: asset.name, byWorkflow: true },
    () => services.tree.move(asset.path, target),
  );
}

/**
 * The row changes of a run, in the transaction that closes it: form values set, keywords added and removed (in the
 * script's order, over the values as they are now), and the notifications, from the system, to the asset's followers.
 */
export async function applyRowChanges(
  trx: Kysely<Database>,
  services: DamServices,
  assetId: number,
  changes: WorkflowChange[],
) {
  const row = await queries.lockAssetForChanges(trx, assetId);
  if (!row) throw new ChangeRefused(WORKFLOW_MESSAGES.workflowAssetGone);
  const fields = { ...(row.fields ?? {}) };
  const keywords = [...row.keywords];
  for (const change of changes) {
    if (change.action === 'setField') fields[change.key] = change.value;
    else if (change.action === 'addKeyword' && !keywords.includes(change.word)) keywords.push(change.word);
    else if (change.action === 'removeKeyword' && keywords.includes(change.word))
      keywords.splice(keywords.indexOf(change.word), 1);
  }
  if (changes.some((change) => change.action === 'setField'))
    await queries.setFieldValues(trx, assetId, fields);
  if (changes.some((change) => change.action === 'addKeyword' || change.action === 'removeKeyword'))
    await queries.setAssetColumns(trx, assetId, metadataColumns({ keywords }));
  for (const change of changes)
    if (change.action === 'notify')
      await notify(trx, services.config, {
        type: 'Edit',
        actorId: null,
        subject: change.text,
        target: { kind: 'asset', id: assetId },
        about: { assetId, path: row.path },
      });
}
