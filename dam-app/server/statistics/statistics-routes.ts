import { getStatistics } from '../../api/contract/statistics-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import { statistics } from './statistics-service.ts';

export const statisticsRoutes = [
  bindEndpoint(getStatistics, ({ services, query }) => statistics(services, query)),
];
