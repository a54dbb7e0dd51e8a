import { emailProblem } from '../../api/email-rule.ts';
import { WORKFLOW_MESSAGES } from '../../api/messages.ts';
import type { WorkflowStep } from '../../api/workflows.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError } from '../api/api-error.ts';
import { pathFreeInIndex } from '../assets/asset-queries.ts';
import { ingestFile } from '../assets/ingest.ts';
import { principalFor } from '../auth/resolve-principal.ts';
import { assetsByIds } from '../conversions/conversion-queries.ts';
import { convertedName } from '../conversions/conversion-service.ts';
import { presetById } from '../conversions/preset-service.ts';
import { currentVersionId } from '../conversions/request-service.ts';
import type { Asset } from '../db/schema.ts';
import { baseName, joinPath } from '../folders/acl-scope.ts';
import { prepareDownload } from '../loading-dock/loading-dock-service.ts';
import { placeFile } from '../loading-dock/place-file.ts';
import { createRequests } from '../requests/request-service.ts';
import { createShare } from '../shares/share-service.ts';
import * as queries from './workflow-queries.ts';
import { fill, type StepContext, StepFailed, type StepOutcome } from './workflow-steps.ts';

type Step<A extends WorkflowStep['action']> = Extract<WorkflowStep, { action: A }>;

/**
 * Who a step that another feature's service does (share, request, convert into the dock) acts as: the person who
 * started the run by hand, with their ACL; a run an event or a schedule started acts as the first active
 * administrator, in admin mode. The feature's own checks then hold as if that person had asked.
 */
async function actor(context: StepContext): Promise<Principal> {
  const { db } = context.services;
  const { requestedBy } = context.run;
  const person = requestedBy === null ? undefined : await queries.userById(db, requestedBy);
  if (person) return principalFor(db, person, { via: 'session', adminMode: false });
  const admin = await queries.firstActiveAdmin(db);
  if (!admin) throw new StepFailed(WORKFLOW_MESSAGES.stepNoActor);
  return principalFor(db, admin, { via: 'session', adminMode: true });
}

/** A feature's refusal (no permission, no space, not visible) ends the step with the text a person would read. */
async function asFeature<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) throw new StepFailed(error.userMessage);
    throw error;
  }
}

const presetOf = (context: StepContext, id: number) =>
  presetById(context.services.db, id).catch((error: unknown) => {
    if (error instanceof ApiError) throw new StepFailed(WORKFLOW_MESSAGES.stepPresetMissing);
    throw error;
  });

/**
 * Converts the asset with a preset through the conversions service: into a library folder, where the output is
 * registered as a new asset (which starts no workflow: a workflow's own changes never do), or into the acting
 * person's loading dock, converted there by the dock's placement job.
 */
export async function convertStep(
  context: StepContext,
  asset: { id: number; path: string },
  step: Step<'convert'>,
): Promise<StepOutcome> {
  const { services } = context;
  const preset = await presetOf(context, step.presetId);
  if (step.into === 'dock') {
    if (context.dryRun)
      return {
        output: { into: 'dock', preset: preset.name },
        log: [{ level: 'config', message: `Would convert with "${preset.name}" into the loading dock` }],
      };
    const principal = await actor(context);
    const dock = await asFeature(() =>
      prepareDownload(services, principal, { items: [{ assetId: asset.id, presetId: preset.id }] }),
    );
    return {
      output: {
        into: 'dock',
        preset: preset.name,
        dock: dock.notificationId,
        owner: principal.user.username,
      },
      log: [{ level: 'fine', message: `Converting with "${preset.name}" into the loading dock` }],
    };
  }
  const folder = fill(step.folder, context.run.parameters).replace(/^\/+|\/+$/g, '');
  if ((await queries.folderIdAt(services.db, folder)) === undefined)
    throw new StepFailed(WORKFLOW_MESSAGES.workflowMoveTargetMissing(folder));
  const target = joinPath(folder, convertedName(baseName(asset.path), preset));
  if ((await services.tree.exists(target)) || !(await pathFreeInIndex(services.db, target)))
    throw new StepFailed(WORKFLOW_MESSAGES.workflowMoveTargetTaken(target));
  if (context.dryRun)
    return {
      output: { into: 'folder', preset: preset.name, path: target },
      log: [{ level: 'config', message: `Would convert with "${preset.name}" to ${target}` }],
    };
  const [row] = await assetsByIds(services.db, [asset.id]);
  const versionId = await currentVersionId(services.db, row as Asset);
  const converted = await asFeature(() =>
    services.conversions.ensureConverted({ versionId, presetId: preset.id }),
  );
  await placeFile(converted.path, services.tree.absolute(target), 'copy');
  const made = await ingestFile(services, target, {
    actorId: context.run.requestedBy,
    event: 'New',
    fromWorkflow: true,
  });
  return {
    output: { into: 'folder', preset: preset.name, path: target, assetId: made.id },
    log: [{ level: 'fine', message: `Converted with "${preset.name}" to ${target}` }],
  };
}

/** An external share of the asset made with the shares service, its link mailed to the step's recipient. */
export async function shareStep(
  context: StepContext,
  asset: { id: number; name: string },
  step: Step<'share'>,
): Promise<StepOutcome> {
  const to = fill(step.to, context.run.parameters).trim();
  if (emailProblem(to)) throw new StepFailed(WORKFLOW_MESSAGES.stepBadRecipient(to));
  const expiresOn = new Date(Date.now() + step.days * 86_400_000).toISOString().slice(0, 10);
  const message = fill(step.message, context.run.parameters);
  if (context.dryRun)
    return {
      output: { to, expiresOn },
      log: [{ level: 'config', message: `Would share "${asset.name}" with ${to} until ${expiresOn}` }],
    };
  const principal = await actor(context);
  const { share } = await asFeature(() =>
    createShare(context.services, principal, {
      name: asset.name,
      expiresOn,
      utcOffsetMinutes: 0,
      maxDownloads: null,
      licensingText: '',
      message,
      recipients: [to],
      from: { ids: [asset.id] },
    }),
  );
  return {
    output: { to, expiresOn, shareId: share.id, owner: principal.user.username },
    log: [{ level: 'fine', message: `Shared "${asset.name}" with ${to}` }],
  };
}

/** A request to download the asset made with the requests service: its folder's approver is asked. */
export async function requestApprovalStep(
  context: StepContext,
  asset: { id: number; name: string },
  step: Step<'requestApproval'>,
): Promise<StepOutcome> {
  const reason = fill(step.reason, context.run.parameters);
  if (context.dryRun)
    return {
      output: { reason },
      log: [{ level: 'config', message: `Would request approval of "${asset.name}"` }],
    };
  const principal = await actor(context);
  const { requests } = await asFeature(() =>
    createRequests(context.services, principal, {
      kind: 'download',
      assetIds: [asset.id],
      description: '',
      reason,
    }),
  );
  return {
    output: { reason, requestIds: requests.map((each) => each.id), requestor: principal.user.username },
    log: [{ level: 'fine', message: `Asked ${requests.map((each) => each.approverName).join(', ')}` }],
  };
}
