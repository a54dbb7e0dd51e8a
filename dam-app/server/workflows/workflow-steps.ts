import { createHmac, randomBytes } from 'node:crypto';
import { blockedPort } from '../../api/blocked-ports.ts';
import { WORKFLOW_MESSAGES } from '../../api/messages.ts';
import { stampSchema } from '../../api/stamps.ts';
import type { LogLine, WorkflowAsset, WorkflowChange, WorkflowStep } from '../../api/workflows.ts';
import { assetCopyIntent } from '../assets/asset-intents.ts';
import { pathFreeInIndex } from '../assets/asset-queries.ts';
import { baseName, joinPath } from '../folders/acl-scope.ts';
import { performIntent } from '../intents/intents.ts';
import type { DamServices } from '../services.ts';
import { stampRows } from '../stamps/stamp-queries.ts';
import { convertStep, requestApprovalStep, shareStep } from './feature-steps.ts';
import { applyRowChanges, ChangeRefused, checkChanges, moveForRun } from './workflow-changes.ts';
import * as queries from './workflow-queries.ts';

/** A step that could not be done: the run ends in error at it, the steps after it are not run. */
export class StepFailed extends Error {}

export interface StepContext {
  services: DamServices;
  run: {
    id: number;
    workflowName: string;
    trigger: string;
    parameters: Record<string, string>;
    /** The person who started the run by hand, or null. */
    requestedBy: number | null;
  };
  /** The asset as the steps before left it; undefined for a run without one (a scheduled run). */
  asset: WorkflowAsset | undefined;
  /** The debugger: say what the step would do, do nothing. */
  dryRun: boolean;
}

export interface StepOutcome {
  output: Record<string, unknown>;
  log: LogLine[];
}

/** A step's text with the run's parameters put in for {{name}}. */
export const fill = (text: string, parameters: Record<string, string>) =>
  text.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (whole, name: string) => parameters[name] ?? whole);

/** What the debugger shows as a step's input: the step with its parameters filled in and its secret hidden. */
export function stepInput(step: WorkflowStep, parameters: Record<string, string>): Record<string, unknown> {
  if (step.action === 'callUrl') return { action: step.action, url: step.url, secret: '••••' };
  if (step.action === 'applyStamp') return { ...step };
  const filled: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(step))
    filled[key] = typeof value === 'string' && key !== 'action' ? fill(value, parameters) : value;
  return filled;
}

const needAsset = (context: StepContext) => {
  if (!context.asset) throw new StepFailed(WORKFLOW_MESSAGES.stepNeedsAsset);
  return context.asset;
};
const cleanFolder = (folder: string) => folder.replace(/^\/+|\/+$/g, '');

/** Row changes (fields, keywords, a notification) in one transaction of their own. */
async function applyRows(context: StepContext, asset: WorkflowAsset, changes: WorkflowChange[]) {
  if (context.dryRun) return;
  await context.services.db
    .transaction()
    .execute((trx) => applyRowChanges(trx, context.services, asset.id, changes));
}

async function setFields(context: StepContext, values: Record<string, string>) {
  const asset = needAsset(context);
  const changes = Object.entries(values).map(([key, value]) => ({ action: 'setField' as const, key, value }));
  const before = Object.fromEntries(Object.keys(values).map((key) => [key, asset.fields[key] ?? '']));
  await applyRows(context, asset, changes);
  Object.assign(asset.fields, values);
  return before;
}

/** The signed body a `callUrl` step posts: the run and its asset, signed with HMAC-SHA256 under the step's secret. */
export function signedBody(context: StepContext, secret: string) {
  const body = JSON.stringify({
    workflow: context.run.workflowName,
    runId: context.run.id,
    trigger: context.run.trigger,
    parameters: context.run.parameters,
    asset: context.asset ?? null,
  });
  return { body, signature: `sha256=${createHmac('sha256', secret).update(body).digest('hex')}` };
}

const CALL_TIMEOUT_SECONDS = 10;

/** Why a URL call got no answer, said so its author can mend the URL (fetch says only "fetch failed"). */
function callFailure(error: unknown, url: URL): string {
  if ((error as Error).name === 'TimeoutError')
    return WORKFLOW_MESSAGES.stepUrlTimedOut(CALL_TIMEOUT_SECONDS);
  // Its cause names what happened: ECONNREFUSED, ENOTFOUND…
  const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code === 'ECONNREFUSED')
    return WORKFLOW_MESSAGES.stepUrlRefused(
      `${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`,
    );
  if (cause?.code === 'ENOTFOUND') return WORKFLOW_MESSAGES.stepUrlUnknownHost(url.hostname);
  return WORKFLOW_MESSAGES.stepUrlFailed(cause?.code ?? cause?.message ?? (error as Error).message);
}

async function callUrl(context: StepContext, url: string, secret: string): Promise<StepOutcome> {
  // A workflow saved before its URL's port was checked: fetch would only say "bad port".
  const port = blockedPort(url);
  if (port !== undefined) throw new StepFailed(WORKFLOW_MESSAGES.stepUrlPortBlocked(port));
  const { body, signature } = signedBody(context, secret);
  if (context.dryRun)
    return { output: { url, body, signature }, log: [{ level: 'config', message: `Would POST to ${url}` }] };
  let status: number;
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-rapid-signature': signature,
        // A step repeated after a server kill carries the same run id: the receiver can tell.
        'x-rapid-run': String(context.run.id),
      },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(CALL_TIMEOUT_SECONDS * 1000),
    });
    status = answer.status;
    await answer.body?.cancel();
  } catch (error) {
    throw new StepFailed(callFailure(error, new URL(url)));
  }
  if (status < 200 || status > 299) throw new StepFailed(WORKFLOW_MESSAGES.stepUrlFailed(`HTTP ${status}`));
  return { output: { url, status }, log: [{ level: 'fine', message: `POST ${url}: ${status}` }] };
}

async function copyTo(context: StepContext, folder: string): Promise<StepOutcome> {
  const asset = needAsset(context);
  const { services } = context;
  if ((await queries.folderIdAt(services.db, folder)) === undefined)
    throw new StepFailed(WORKFLOW_MESSAGES.workflowMoveTargetMissing(folder));
  const target = joinPath(folder, baseName(asset.path));
  if ((await services.tree.exists(target)) || !(await pathFreeInIndex(services.db, target)))
    throw new StepFailed(WORKFLOW_MESSAGES.workflowMoveTargetTaken(target));
  if (context.dryRun) return { output: { copy: target }, log: [] };
  const staging = joinPath(folder, `.copying-${randomBytes(8).toString('hex')}.tmp`);
  const copyId = await performIntent<{ assetId: number; to: string; staging: string }, number>(
    services,
    assetCopyIntent,
    { assetId: asset.id, to: target, staging },
    async () => {
      await services.tree.copy(asset.path, staging);
      await services.tree.move(staging, target);
    },
  );
  return {
    output: { copy: target, assetId: copyId },
    log: [{ level: 'fine', message: `Copied to ${target}` }],
  };
}

/**
 * One built-in step of a Regular workflow (R-WORKFLOW-STEPS), or in a dry run what it would do. Each step reads the
 * asset as the steps before left it; a move or copy is an intent (a crash finishes or undoes it), row changes are a
 * transaction of their own.
 */
export async function runStep(context: StepContext, step: WorkflowStep): Promise<StepOutcome> {
  const parameters = context.run.parameters;
  try {
    switch (step.action) {
      case 'move': {
        const asset = needAsset(context);
        const folder = cleanFolder(fill(step.folder, parameters));
        const target = await checkChanges(context.services, asset, [{ action: 'move', folder }]);
        if (target === undefined) return { output: { path: asset.path, moved: false }, log: [] };
        if (!context.dryRun) await moveForRun(context.services, asset, target);
        Object.assign(asset, { path: target, folder });
        return {
          output: { path: target, moved: true },
          log: [{ level: 'fine', message: `Moved to ${target}` }],
        };
      }
      case 'copy':
        return await copyTo(context, cleanFolder(fill(step.folder, parameters)));
      case 'setField': {
        const value = fill(step.value, parameters);
        const before = await setFields(context, { [step.key]: value });
        return { output: { key: step.key, from: before[step.key], to: value }, log: [] };
      }
      case 'addKeyword': {
        const asset = needAsset(context);
        const word = fill(step.word, parameters).trim();
        const added = !asset.keywords.includes(word);
        if (added) {
          await applyRows(context, asset, [{ action: 'addKeyword', word }]);
          asset.keywords.push(word);
        }
        return { output: { word, added }, log: [] };
      }
      case 'applyStamp': {
        const [row] = await stampRows(context.services.db, step.stampId);
        if (!row) throw new StepFailed(WORKFLOW_MESSAGES.stepStampMissing);
        const stamp = stampSchema.parse({ id: row.id, name: row.name, values: row.values });
        const values = Object.fromEntries(stamp.values.map((each) => [each.key, each.value.trim()]));
        const before = await setFields(context, values);
        return {
          output: { stamp: stamp.name, from: before, to: values },
          log: [{ level: 'fine', message: `Stamp "${stamp.name}": ${stamp.values.length} value(s)` }],
        };
      }
      case 'notify': {
        const asset = needAsset(context);
        const text = fill(step.text, parameters);
        await applyRows(context, asset, [{ action: 'notify', text }]);
        return { output: { text }, log: [] };
      }
      case 'callUrl':
        return await callUrl(context, step.url, step.secret);
      case 'convert':
        return await convertStep(context, needAsset(context), step);
      case 'share':
        return await shareStep(context, needAsset(context), step);
      case 'requestApproval':
        return await requestApprovalStep(context, needAsset(context), step);
    }
  } catch (error) {
    if (error instanceof ChangeRefused) throw new StepFailed(error.message);
    throw error;
  }
}
