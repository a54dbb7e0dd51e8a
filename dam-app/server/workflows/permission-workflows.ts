import { WORKFLOW_MESSAGES } from '../../api/messages.ts';
import { type PERMISSION_GATES, workflowParameterSchema } from '../../api/workflows.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError } from '../api/api-error.ts';
import type { DamServices } from '../services.ts';
import { runInSandbox } from './sandbox.ts';
import * as queries from './workflow-queries.ts';
import { scriptAsset } from './workflow-run-job.ts';

/**
 * Asks the Permission workflows an ACL's permission names before the permission is used (R-WORKFLOW-PERMISSION):
 * each runs in the sandbox once per asset, with the asset and the person (`user`), and must answer `dam.allow()`
 * within its timeout. A denial, no answer, a timeout or an error refuses the whole action with a text that says
 * which workflow and why; each answer is kept in the workflow's run history. Admin mode is not asked (it overrides
 * permissions).
 */
export async function askPermissionWorkflows(
  services: DamServices,
  principal: Principal,
  permission: (typeof PERMISSION_GATES)[number],
  assetIds: number[],
) {
  if ((principal.adminMode && principal.user.is_admin) || !principal.acl) return;
  const { db } = services;
  const workflows = await queries.permissionWorkflows(db, principal.acl.id, permission);
  if (workflows.length === 0) return;
  const user = (await queries.scriptUser(db, principal.user.id)) ?? null;
  for (const workflow of workflows) {
    const parameters = Object.fromEntries(
      workflow.parameters.flatMap((each) => {
        const parsed = workflowParameterSchema.safeParse(each);
        return parsed.success ? [[parsed.data.name, parsed.data.value]] : [];
      }),
    );
    for (const assetId of new Set(assetIds)) {
      const asset = await scriptAsset(services, assetId);
      const result = await runInSandbox({
        script: workflow.script,
        asset: asset ?? null,
        parameters,
        user,
        timeoutMs: workflow.timeout_ms,
        memoryMb: workflow.memory_mb,
      });
      const decision = result.decision ?? null;
      const refusal =
        result.error !== null
          ? WORKFLOW_MESSAGES.permissionNoAnswer(workflow.name, result.error)
          : decision?.allow
            ? null
            : decision?.reason
              ? WORKFLOW_MESSAGES.permissionDenied(workflow.name, decision.reason)
              : WORKFLOW_MESSAGES.permissionNotAllowed(workflow.name);
      await queries.insertFinishedRun(db, {
        workflowId: workflow.id,
        assetId: asset ? assetId : null,
        trigger: 'permission',
        requestedBy: principal.user.id,
        status: refusal === null ? 'completed' : 'error',
        log: [
          ...result.log,
          {
            level: 'config',
            message: `${permission} for ${principal.user.username}: ${refusal ?? 'allowed'}`,
          },
        ],
        error: refusal,
      });
      if (refusal !== null) throw new ApiError(403, 'permission_workflow_refused', refusal);
    }
  }
}

/** The live assets at these storage paths (files that are no asset are not asked about). */
export const assetIdsAt = async (services: DamServices, paths: string[]) =>
  queries.assetIdsAtPaths(services.db, paths);

/** The live assets at these storage paths or below them (a Rapid download may name a folder). */
export const assetIdsAtOrUnder = async (services: DamServices, paths: string[]) =>
  queries.assetIdsAtOrUnder(services.db, paths);
