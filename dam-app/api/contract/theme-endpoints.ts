import { z } from 'zod';
import { okSchema } from '../accounts.ts';
import {
  myThemeSchema,
  saveThemeOrganizerSchema,
  saveThemeSchema,
  themeOrganizerSchema,
  themeSchema,
} from '../themes.ts';
import { endpointGroup } from './endpoint-group.ts';
import { errors, notFound } from './error-sets.ts';
import { namedSet } from './named-set.ts';
import { idParams } from './params.ts';

const admin = endpointGroup('Themes', 'admin');
const themes = namedSet({
  group: admin,
  path: '/admin/themes',
  item: themeSchema,
  save: saveThemeSchema,
  exists: 'theme_exists',
});

export const listThemes = themes.list('The themes, built-in ones first (R-THEMES)');
export const createTheme = themes.create(
  'Create a theme (R-THEMES): every text must reach 4.5:1 on its background in both modes; an uploaded thumbnail must be a 150x135 PNG',
);
export const updateTheme = themes.update(
  'Change a theme (a built-in one cannot be changed: 409 theme_built_in)',
  errors(notFound, { 409: ['theme_built_in'] }),
);
export const deleteTheme = themes.remove(
  'Delete a theme (its workspaces go back to the default; a built-in one or the default cannot be deleted)',
  errors(notFound, { 409: ['theme_built_in', 'theme_default'] }),
);

const bytes = { response: z.string().meta({ format: 'binary' }), produces: 'image/png' } as const;
const version = z.object({ v: z.string().max(40).optional() });
const user = endpointGroup('Themes', 'user');
const theme = user.item('/themes/{id}', idParams);
export const themeThumbnail = theme.get('/thumbnail', {
  summary:
    'A theme’s 150x135 PNG thumbnail: uploaded, or rendered from its preview by headless Chromium (drawn from its tokens without Chromium)',
  query: version,
  ...bytes,
});
export const themeLogo = theme.get('/logo', {
  summary: 'A theme’s logo (PNG); `v` (its `version`) makes each saved logo its own address',
  query: version,
  ...bytes,
});
export const myTheme = user.get('/theme', {
  summary: 'The signed-in person’s theme: their workspace’s, else the default; null for the DAM’s own look',
  response: myThemeSchema,
});

export const themeOrganizer = admin.get('/admin/theme-organizer', {
  summary: 'The Theme organizer: the default theme and each workspace’s',
  response: themeOrganizerSchema,
});
export const saveThemeOrganizer = admin.put('/admin/theme-organizer', {
  summary: 'Assign the default theme and each workspace’s (null: the default)',
  body: saveThemeOrganizerSchema,
  response: okSchema,
  errors: notFound,
});
