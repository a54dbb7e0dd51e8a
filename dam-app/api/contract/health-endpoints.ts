import { healthSchema } from '../health.ts';
import { defineEndpoint } from './define-endpoint.ts';

export const health = defineEndpoint({
  method: 'get',
  path: '/health',
  tag: 'Status',
  summary:
    'Whether the server and its database answer; for an administrator also every health test (R-HEALTH-TESTS): database, disks, transfer nodes, SMTP, antivirus',
  auth: 'public',
  response: healthSchema,
});
