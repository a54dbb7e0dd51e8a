import { z } from 'zod';
import { dbId, dbString, storablePath } from './db-safe.ts';
import { MESSAGES } from './messages.ts';

/** WCAG AA for normal text: the header's text against its background must reach this ratio. */
export const MIN_CONTRAST = 4.5;
/** A workspace logo is a PNG of at most this many bytes (it is shown in the header, at most 32 px high). */
export const LOGO_MAX_BYTES = 64 * 1024;
export const WORKSPACE_TEXTS = {
  colour: 'A colour is written #rrggbb.',
  lowContrast: (ratio: string) =>
    `The header text and its background have a contrast of ${ratio}:1; at least ${MIN_CONTRAST}:1 is needed.`,
  logo: `The logo must be a PNG image of at most ${LOGO_MAX_BYTES / 1024} KB.`,
};

const channel = (hex: string, at: number) => {
  const value = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
};
const luminance = (hex: string) =>
  0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);

/** WCAG 2's contrast ratio of two `#rrggbb` colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Is this base64 a PNG file (by its signature) small enough for a logo? */
export function isLogoPng(base64: string): boolean {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0 || base64.length < 12) return false;
  const bytes = Uint8Array.from(atob(base64.slice(0, 12)), (char) => char.charCodeAt(0));
  const length = Math.floor((base64.length * 3) / 4) - (base64.match(/=+$/)?.[0].length ?? 0);
  return length <= LOGO_MAX_BYTES && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte);
}

/** A logo as base64 PNG, at most LOGO_MAX_BYTES decoded; null removes it (workspaces and themes). */
export const logoSchema = z
  .string()
  .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 4)
  .refine(isLogoPng, WORKSPACE_TEXTS.logo)
  .nullable()
  .optional();

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, WORKSPACE_TEXTS.colour);

/**
 * R-WORKSPACE-COMPONENTS: the parts of the shell a workspace may show — the menu bar (working sets, requests), the
 * Places tree, Quick Search, the result views, the asset view's panels beyond General, and the transfer panel. An
 * administrator chooses them, per workspace and per group; a person only with the workspaceComponents permission.
 */
export const WORKSPACE_COMPONENTS = [
  'menuBar',
  'places',
  'search',
  'tileView',
  'listView',
  'calendarView',
  'textView',
  'extendedPanel',
  'versionsPanel',
  'discussionPanel',
  'transferPanel',
] as const;
export type WorkspaceComponent = (typeof WORKSPACE_COMPONENTS)[number];
/** The result view each component stands for (the browse screen's views). */
export const VIEW_COMPONENTS = {
  tile: 'tileView',
  list: 'listView',
  calendar: 'calendarView',
  text: 'textView',
} as const satisfies Record<string, WorkspaceComponent>;
/** The asset view's panel (tab) each component stands for; General is always shown. */
export const PANEL_COMPONENTS = {
  extended: 'extendedPanel',
  versions: 'versionsPanel',
  discussion: 'discussionPanel',
} as const satisfies Record<string, WorkspaceComponent>;
export const COMPONENT_TEXTS = {
  oneView: 'A workspace shows at least one result view.',
  groupNotInWorkspace: 'This group does not see the workspace.',
};

const isView = (part: string) => (Object.values(VIEW_COMPONENTS) as string[]).includes(part);
/** A set of components, in the list's order, keeping at least one result view. */
export const componentsSchema = z
  .array(z.enum(WORKSPACE_COMPONENTS))
  .max(WORKSPACE_COMPONENTS.length * 2)
  .transform((list) => WORKSPACE_COMPONENTS.filter((each) => list.includes(each)))
  .refine((list) => list.some(isView), COMPONENT_TEXTS.oneView);

/** A group's narrowing of its workspace's components: the group sees only those of both. */
export const groupComponentsSchema = z.strictObject({ groupId: dbId(), components: componentsSchema });

/** What an administrator saves (R-WORKSPACES): `logo` is base64 PNG, null removes it, left out keeps it. */
export const saveWorkspaceSchema = z
  .strictObject({
    name: dbString().trim().min(1, MESSAGES.requiredEmpty).max(100),
    groupIds: z.array(dbId()).max(1_000).default([]),
    /** The folder the workspace opens on, relative to the storage root ('' is the person's ACL root). */
    startPath: storablePath()
      .transform((path) => path.replace(/^\/+|\/+$/g, ''))
      .default(''),
    headerColor: colour,
    headerTextColor: colour,
    logo: logoSchema,
    components: componentsSchema.default([...WORKSPACE_COMPONENTS]),
    groupComponents: z.array(groupComponentsSchema).max(1_000).default([]),
    /** R-WORKSPACE-UPLOAD-FORM: the form of its uploads into a folder without an upload form; null for none. */
    uploadFormId: dbId().nullable().default(null),
  })
  .superRefine((value, context) => {
    value.groupComponents.forEach((each, index) => {
      if (!value.groupIds.includes(each.groupId))
        context.addIssue({
          code: 'custom',
          path: ['groupComponents', index, 'groupId'],
          message: COMPONENT_TEXTS.groupNotInWorkspace,
        });
    });
    if (!/^#[0-9a-fA-F]{6}$/.test(value.headerColor) || !/^#[0-9a-fA-F]{6}$/.test(value.headerTextColor))
      return;
    const ratio = contrastRatio(value.headerColor, value.headerTextColor);
    if (ratio < MIN_CONTRAST)
      context.addIssue({
        code: 'custom',
        path: ['headerTextColor'],
        message: WORKSPACE_TEXTS.lowContrast(ratio.toFixed(2)),
      });
  });
export type SaveWorkspace = z.input<typeof saveWorkspaceSchema>;

export const workspaceSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    groupIds: z.array(z.number()),
    startPath: z.string(),
    headerColor: z.string(),
    headerTextColor: z.string(),
    /** Where the logo is read, changing with each save so a cached one is never shown; null without a logo. */
    logoVersion: z.string().nullable(),
    components: z.array(z.enum(WORKSPACE_COMPONENTS)),
    /** The groups that narrow the workspace's components, and to which. */
    groupComponents: z.array(
      z.object({ groupId: z.number(), components: z.array(z.enum(WORKSPACE_COMPONENTS)) }),
    ),
    uploadFormId: z.number().nullable(),
  })
  .meta({ id: 'Workspace' });
export type Workspace = z.infer<typeof workspaceSchema>;

/** The signed-in person's workspace, or null (the DAM's own start and look). */
export const myWorkspaceSchema = z.object({
  workspace: workspaceSchema
    .omit({ groupIds: true, groupComponents: true, uploadFormId: true })
    .extend({
      /** R-WORKSPACE-COMPONENTS-PERMISSION: may this person choose the workspace's components? */
      mayChooseComponents: z.boolean(),
      /** The workspace's own components, before their groups narrow them (`components` is what they see). */
      workspaceComponents: z.array(z.enum(WORKSPACE_COMPONENTS)),
    })
    .nullable(),
});
/** R-WORKSPACE-COMPONENTS-PERMISSION: what a person with the permission saves for their workspace. */
export const saveMyComponentsSchema = z.strictObject({ components: componentsSchema });
export type MyWorkspace = z.infer<typeof myWorkspaceSchema>;
