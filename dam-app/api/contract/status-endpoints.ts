import { z } from 'zod';
import { systemStatusSchema } from '../status.ts';
import { defineEndpoint } from './define-endpoint.ts';
import { endpointGroup } from './endpoint-group.ts';

const status = endpointGroup('Status', 'admin');

export const systemStatus = status.get('/admin/status', {
  summary:
    'System status (R-SYSTEM-STATUS): version, uptime, job queue depth and failures by kind, transfers running per node, storage use, scans',
  response: systemStatusSchema,
});

/**
 * Prometheus's text format. Public in the contract so DAM_METRICS=public can open it to a scraper on a private
 * network; by default the service answers only an administrator (a session or an API key as Bearer token).
 */
export const metrics = defineEndpoint({
  method: 'get',
  path: '/metrics',
  tag: 'Status',
  summary:
    'Prometheus metrics: requests and latency per route, uploads per path, jobs by kind and state, antivirus verdicts',
  auth: 'public',
  response: z.string(),
  produces: 'text/plain; version=0.0.4',
  errors: { 403: ['not_administrator'] },
});
