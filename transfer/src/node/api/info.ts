import { release, type } from 'node:os';
import type { ApiContext } from './api-context.ts';

export const NODE_VERSION = '4.4.6';

/** `GET /info` (node-api.md §3.2). */
export function info(ctx: ApiContext) {
  return {
    application: 'node',
    version: NODE_VERSION,
    current_time: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    os: `${type()} ${release()}`,
    aej_status: 'disconnected',
    async_reporting: 'no',
    transfer_activity_reporting: 'yes',
    transfer_user: ctx.config.transferUser,
    docroot: `file:///${ctx.config.docroot}`,
    node_id: ctx.config.nodeId,
    cluster_id: ctx.config.nodeId,
    acls: [],
    access_key_configuration_capabilities: {
      transfer: [
        'cipher',
        'policy',
        'target_rate_cap_kbps',
        'target_rate_kbps',
        'min_rate_kbps',
        'lock_target_rate_kbps',
      ],
      server: ['activity_event_logging'],
    },
    capabilities: [
      { name: 'x_protocol', value: 'rapid/1' },
      { name: 'x_http_sessions', value: true },
      { name: 'x_content_protection', value: 'rapid-env/1' },
      { name: 'page', value: true },
    ],
    settings: [
      { name: 'content_protection_required', value: false },
      { name: 'wss_enabled', value: false },
      { name: 'wss_port', value: 443 },
      { name: 'ssh_fingerprint', value: ctx.fingerprint },
      { name: 'fasp_port', value: ctx.ports.udp },
      { name: 'ssh_port', value: ctx.ports.control },
    ],
  };
}
