import { searchCalendar } from '../../api/contract/search-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as searches from './search-service.ts';

export const calendarRoutes = [
  bindEndpoint(searchCalendar, ({ services, principal, body }) =>
    searches.calendar(services, principal, body),
  ),
];
