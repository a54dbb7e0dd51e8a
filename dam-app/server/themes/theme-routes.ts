import {
  createTheme,
  deleteTheme,
  listThemes,
  myTheme,
  saveThemeOrganizer,
  themeLogo,
  themeOrganizer,
  themeThumbnail,
  updateTheme,
} from '../../api/contract/theme-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as themes from './theme-service.ts';

export const themeRoutes = [
  bindEndpoint(listThemes, ({ services }) => themes.listThemes(services)),
  bindEndpoint(createTheme, ({ services, principal, body, ip }) =>
    themes.createTheme(services, principal, body, ip),
  ),
  bindEndpoint(updateTheme, ({ services, principal, params, body, ip }) =>
    themes.updateTheme(services, principal, params.id, body, ip),
  ),
  bindAction(deleteTheme, ({ services, principal, params, ip }) =>
    themes.deleteTheme(services, principal, params.id, ip),
  ),
  bindEndpoint(themeThumbnail, ({ services, params }) => themes.themeThumbnail(services, params.id)),
  bindEndpoint(themeLogo, ({ services, params }) => themes.themeLogo(services, params.id)),
  bindEndpoint(myTheme, ({ services, principal }) => themes.myTheme(services, principal)),
  bindEndpoint(themeOrganizer, ({ services }) => themes.themeOrganizer(services)),
  bindAction(saveThemeOrganizer, ({ services, principal, body, ip }) =>
    themes.saveThemeOrganizer(services, principal, body, ip),
  ),
];
