import type { z } from 'zod';
import {
  type MyWorkspace,
  type saveMyComponentsSchema,
  type saveWorkspaceSchema,
  WORKSPACE_COMPONENTS,
  type Workspace,
} from '../../api/workspaces.ts';
import { can, type Principal } from '../access/principal.ts';
import { conflict, forbidden, invalid, notFound } from '../api/api-error.ts';
import { audit } from '../audit/audit.ts';
import { assertNotConfiguredByAnother } from '../configuration-lease/lease-service.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { DamServices } from '../services.ts';
import * as queries from './workspace-queries.ts';

type Save = z.output<typeof saveWorkspaceSchema>;
type Row = Awaited<ReturnType<typeof queries.workspaceRows>>[number];

export const WORKSPACE_EXISTS = 'A workspace with this name already exists.';
const nameTaken = () => conflict('workspace_exists', WORKSPACE_EXISTS, 'name');

const components = (list: readonly string[]) => WORKSPACE_COMPONENTS.filter((each) => list.includes(each));
const view = (row: Omit<Row, 'group_ids' | 'group_components'>) => ({
  id: row.id,
  name: row.name,
  startPath: row.start_path,
  headerColor: row.header_color,
  headerTextColor: row.header_text_color,
  logoVersion: row.has_logo ? row.updated_at.getTime().toString(36) : null,
  components: components(row.components),
});
const adminView = (row: Row): Workspace => ({
  ...view(row),
  groupIds: row.group_ids,
  groupComponents: row.group_components.map((each) => ({
    groupId: each.groupId,
    components: components(each.components),
  })),
  uploadFormId: row.upload_form_id,
});

const columns = (body: Save): queries.WorkspaceColumns => ({
  name: body.name,
  start_path: body.startPath,
  header_color: body.headerColor.toLowerCase(),
  header_text_color: body.headerTextColor.toLowerCase(),
  components: body.components,
  upload_form_id: body.uploadFormId,
  // Left out keeps the logo; null removes it.
  ...(body.logo === undefined ? {} : { logo: body.logo === null ? null : Buffer.from(body.logo, 'base64') }),
});

export const listWorkspaces = async (services: DamServices) =>
  (await queries.workspaceRows(services.db)).map(adminView);

async function saveWorkspace(
  services: DamServices,
  principal: Principal,
  id: number | undefined,
  body: Save,
  ip: string,
): Promise<Workspace> {
  if (id !== undefined) await assertNotConfiguredByAnother(services, principal, `workspace:${id}`);
  if (body.uploadFormId !== null && !(await queries.formExists(services.db, body.uploadFormId)))
    throw invalid({ uploadFormId: 'No such form.' });
  const saved = await services.db
    .transaction()
    .execute(async (trx) => {
      const savedId =
        id === undefined
          ? await queries.insertWorkspace(trx, columns(body))
          : await queries.updateWorkspace(trx, id, columns(body));
      if (savedId === undefined) throw id === undefined ? nameTaken() : notFound('workspace');
      if (
        (await queries.setWorkspaceGroups(
          trx,
          savedId,
          [...new Set(body.groupIds)],
          new Map(body.groupComponents.map((each) => [each.groupId, each.components])),
        )) < new Set(body.groupIds).size
      )
        throw notFound('group');
      await audit(trx, {
        actorId: principal.user.id,
        event: 'workspace_saved',
        target: body.name,
        ip,
        details: {
          groupIds: body.groupIds,
          startPath: body.startPath,
          components: body.components,
          groupComponents: body.groupComponents,
          uploadFormId: body.uploadFormId,
        },
      });
      return savedId;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? nameTaken() : error;
    });
  return adminView((await queries.workspaceRows(services.db, saved))[0] as Row);
}

export const createWorkspace = (services: DamServices, principal: Principal, body: Save, ip: string) =>
  saveWorkspace(services, principal, undefined, body, ip);
export const updateWorkspace = (
  services: DamServices,
  principal: Principal,
  id: number,
  body: Save,
  ip: string,
) => saveWorkspace(services, principal, id, body, ip);

export async function deleteWorkspace(services: DamServices, principal: Principal, id: number, ip: string) {
  await services.db.transaction().execute(async (trx) => {
    if (!(await queries.deleteWorkspaceRow(trx, id))) throw notFound('workspace');
    await audit(trx, { actorId: principal.user.id, event: 'workspace_deleted', target: String(id), ip });
  });
}

/**
 * R-WORKSPACES: the first-made workspace one of the person's groups sees, or null (the DAM's own look).
 * R-WORKSPACE-COMPONENTS: its components as the person's groups narrow them — those of the workspace that one of
 * their groups keeps (a group that narrows nothing keeps them all).
 */
export async function myWorkspace(services: DamServices, principal: Principal): Promise<MyWorkspace> {
  const row = await queries.workspaceOfUser(services.db, principal.user.id);
  if (!row) return { workspace: null };
  const narrowings = await queries.groupComponentsOfUser(services.db, row.id, principal.user.id);
  const own = components(row.components);
  const kept = narrowings.some((each) => each === null)
    ? own
    : own.filter((part) => narrowings.some((each) => each?.includes(part)));
  return {
    workspace: {
      ...view(row),
      components: kept,
      workspaceComponents: own,
      mayChooseComponents: mayChooseComponents(principal),
    },
  };
}

/** R-WORKSPACE-COMPONENTS-PERMISSION: an administrator, or a person whose ACL holds workspaceComponents. */
const mayChooseComponents = (principal: Principal) =>
  principal.user.is_admin || can(principal, 'workspaceComponents');

/**
 * R-WORKSPACE-COMPONENTS-PERMISSION: a person chooses their workspace's own components only with the permission
 * ("Users cannot add components … without permission"), and not while another configures it.
 */
export async function saveMyComponents(
  services: DamServices,
  principal: Principal,
  body: z.output<typeof saveMyComponentsSchema>,
  ip: string,
): Promise<MyWorkspace> {
  if (!mayChooseComponents(principal)) throw forbidden();
  const row = await queries.workspaceOfUser(services.db, principal.user.id);
  if (!row) throw notFound('workspace');
  await assertNotConfiguredByAnother(services, principal, `workspace:${row.id}`);
  await services.db.transaction().execute(async (trx) => {
    if (!(await queries.setWorkspaceComponents(trx, row.id, body.components))) throw notFound('workspace');
    await audit(trx, {
      actorId: principal.user.id,
      event: 'workspace_components_saved',
      target: row.name,
      ip,
      details: { from: components(row.components), to: body.components },
    });
  });
  return myWorkspace(services, principal);
}

/** A workspace's logo, to anyone signed in (a header shows it); cached privately until the next save changes its address. */
export async function workspaceLogo(services: DamServices, id: number): Promise<Response> {
  const row = await queries.workspaceLogoBytes(services.db, id);
  if (!row?.logo) throw notFound('workspace');
  return new Response(new Uint8Array(row.logo), {
    headers: {
      'Content-Type': 'image/png',
      'Content-Length': String(row.logo.byteLength),
      'Cache-Control': 'private, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
