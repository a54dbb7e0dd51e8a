import type { z } from 'zod';
import { MESSAGES } from '../../api/messages.ts';
import {
  BUILT_IN_THEMES,
  type MyTheme,
  type SaveThemeOrganizer,
  type saveThemeSchema,
  type Theme,
  type ThemeOrganizer,
  type ThemeValues,
} from '../../api/themes.ts';
import type { Principal } from '../access/principal.ts';
import { conflict, notFound } from '../api/api-error.ts';
import { audit } from '../audit/audit.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import type { DamServices } from '../services.ts';
import { myWorkspace } from '../workspaces/workspace-service.ts';
import * as queries from './theme-queries.ts';
import { renderThumbnail } from './thumbnail-render.ts';

type Save = z.output<typeof saveThemeSchema>;
type Stored = Omit<ThemeValues, 'name'>;

export const THEME_EXISTS = 'A theme with this name already exists.';
const nameTaken = () => conflict('theme_exists', THEME_EXISTS, 'name');
const builtIn = () => conflict('theme_built_in', MESSAGES.themeBuiltIn);

/** A theme's values: a built-in one's from the code (a release may mend them), another's as saved. */
export function valuesOf(row: queries.ThemeRow): ThemeValues {
  const shipped = row.built_in ? BUILT_IN_THEMES[row.built_in] : undefined;
  const stored = (shipped ?? row.tokens) as Stored;
  return {
    name: row.name,
    headingFont: stored.headingFont,
    bodyFont: stored.bodyFont,
    density: stored.density,
    light: stored.light,
    dark: stored.dark,
  };
}

const view = (row: queries.ThemeRow): Theme => ({
  id: row.id,
  builtIn: row.built_in,
  isDefault: row.is_default,
  ...valuesOf(row),
  version: row.updated_at.getTime().toString(36),
  hasLogo: row.has_logo,
  thumbnailSource: row.thumbnail_source,
});

export const listThemes = async (services: DamServices) => (await queries.themeRows(services.db)).map(view);

async function themeRow(services: DamServices, id: number) {
  const row = (await queries.themeRows(services.db, id))[0];
  if (!row) throw notFound('theme');
  return row;
}

const columns = (body: Save, keepUploaded: boolean): queries.ThemeColumns => {
  const { name, logo, thumbnail, ...tokens } = body;
  return {
    name,
    tokens: JSON.stringify(tokens),
    // Left out keeps the logo; null removes it.
    ...(logo === undefined ? {} : { logo: logo === null ? null : Buffer.from(logo, 'base64') }),
    // An upload is kept until replaced or removed; a made thumbnail is made again from the changed tokens.
    ...(thumbnail
      ? { thumbnail: Buffer.from(thumbnail, 'base64'), thumbnail_source: 'uploaded' as const }
      : thumbnail === undefined && keepUploaded
        ? {}
        : { thumbnail: null, thumbnail_source: null }),
  };
};

async function saveTheme(
  services: DamServices,
  principal: Principal,
  id: number | undefined,
  body: Save,
  ip: string,
): Promise<Theme> {
  const before = id === undefined ? undefined : await themeRow(services, id);
  if (before?.built_in) throw builtIn();
  const saved = await services.db
    .transaction()
    .execute(async (trx) => {
      const values = columns(body, before?.thumbnail_source === 'uploaded');
      const savedId =
        id === undefined
          ? await queries.insertTheme(trx, values)
          : await queries.updateTheme(trx, id, values);
      if (savedId === undefined) throw id === undefined ? nameTaken() : notFound('theme');
      await audit(trx, { actorId: principal.user.id, event: 'theme_saved', target: body.name, ip });
      return savedId;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? nameTaken() : error;
    });
  return view(await themeRow(services, saved));
}

export const createTheme = (services: DamServices, principal: Principal, body: Save, ip: string) =>
  saveTheme(services, principal, undefined, body, ip);
export const updateTheme = (
  services: DamServices,
  principal: Principal,
  id: number,
  body: Save,
  ip: string,
) => saveTheme(services, principal, id, body, ip);

export async function deleteTheme(services: DamServices, principal: Principal, id: number, ip: string) {
  const row = await themeRow(services, id);
  if (row.built_in) throw builtIn();
  if (row.is_default) throw conflict('theme_default', MESSAGES.themeIsDefault);
  await services.db.transaction().execute(async (trx) => {
    if (!(await queries.deleteThemeRow(trx, id))) throw notFound('theme');
    await audit(trx, { actorId: principal.user.id, event: 'theme_deleted', target: row.name, ip });
  });
}

const png = (bytes: Buffer) =>
  new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'image/png',
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'private, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });

/** R-THEMES: the stored thumbnail, or one made now (a headless render of the preview, else drawn) and kept. */
export async function themeThumbnail(services: DamServices, id: number): Promise<Response> {
  const row = await themeRow(services, id);
  const stored = await queries.themeBytes(services.db, id);
  if (stored?.thumbnail) return png(stored.thumbnail);
  const made = await renderThumbnail(valuesOf(row), services.log);
  await queries.storeMadeThumbnail(services.db, id, row.updated_at, made.png, made.source);
  return png(made.png);
}

export async function themeLogo(services: DamServices, id: number): Promise<Response> {
  const stored = await queries.themeBytes(services.db, id);
  if (!stored?.logo) throw notFound('theme');
  return png(stored.logo);
}

/** The theme of a workspace (when it names one), else the default; null when that is the DAM's own look. */
export async function myTheme(services: DamServices, principal: Principal): Promise<MyTheme> {
  const workspace = (await myWorkspace(services, principal)).workspace;
  const assigned = workspace ? await queries.workspaceTheme(services.db, workspace.id) : null;
  const id = assigned ?? (await queries.defaultThemeId(services.db));
  const row = id === undefined ? undefined : (await queries.themeRows(services.db, id))[0];
  if (!row || row.built_in === 'dam') return { theme: null };
  const { isDefault: _, ...theme } = view(row);
  return { theme };
}

export async function themeOrganizer(services: DamServices): Promise<ThemeOrganizer> {
  const defaultId =
    (await queries.defaultThemeId(services.db)) ?? (await queries.builtInThemeId(services.db, 'dam'));
  return {
    defaultThemeId: defaultId ?? 0,
    workspaces: (await queries.workspaceThemes(services.db)).map((row) => ({
      id: row.id,
      name: row.name,
      themeId: row.theme_id,
    })),
  };
}

export async function saveThemeOrganizer(
  services: DamServices,
  principal: Principal,
  body: SaveThemeOrganizer,
  ip: string,
) {
  await services.db.transaction().execute(async (trx) => {
    if (!(await queries.setDefaultTheme(trx, body.defaultThemeId))) throw notFound('theme');
    if (!(await queries.setWorkspaceThemes(trx, body.workspaces))) throw notFound('theme');
    await audit(trx, {
      actorId: principal.user.id,
      event: 'themes_assigned',
      target: String(body.defaultThemeId),
      ip,
      details: { workspaces: body.workspaces },
    });
  });
}
