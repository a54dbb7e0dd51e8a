import { libraryEvents } from '../../api/contract/live-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import { streamLibraryEvents } from './events-stream.ts';

export const eventsRoutes = [
  bindEndpoint(libraryEvents, async ({ c, services, principal }) =>
    streamLibraryEvents(c, services, principal),
  ),
];
