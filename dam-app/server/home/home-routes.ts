import { getHome } from '../../api/contract/home-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as home from './home-service.ts';

export const homeRoutes = [
  bindEndpoint(getHome, ({ services, principal }) => home.home(services, principal)),
];
