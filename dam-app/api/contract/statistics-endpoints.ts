import { statisticsQuerySchema, statisticsSchema } from '../statistics.ts';
import { endpointGroup } from './endpoint-group.ts';

const reports = endpointGroup('Status', 'admin');

export const getStatistics = reports.get('/admin/statistics', {
  summary:
    'Statistics (R-STATISTICS): uploads, downloads and active people per day of a period (30 days by default, a year at most), and storage by folder and kind',
  query: statisticsQuerySchema,
  response: statisticsSchema,
});
