import { createSocket } from 'node:dgram';
import type { HealthCheck } from '../../api/health.ts';
import type { NodeEndpoint } from '../config/config.ts';
import type { DamServices } from '../services.ts';
import { NodeClient } from '../transfer-node/node-client.ts';
import { bounded, CHECK_TIMEOUT_MS } from './check-result.ts';

/** Each node's UDP port as its API last said: a node whose API is down is still probed where it listened. */
const knownUdpPorts = new Map<string, number>();

/** How long a datagram waits for the ICMP "port unreachable" that says nothing listens there. */
const UDP_WAIT_MS = 400;

/** Each transfer node: its API answers `/info` to the server's node user, and its UDP data port is not refused. */
export async function nodeChecks(services: DamServices): Promise<HealthCheck[]> {
  const checks = await Promise.all(services.nodes.map((node) => checkNode(node)));
  return checks.flat();
}

async function checkNode(node: NodeEndpoint): Promise<HealthCheck[]> {
  const client = new NodeClient(node);
  let udpPort = knownUdpPorts.get(node.url);
  const api = await bounded({ kind: 'node_api', target: node.url }, async (): Promise<HealthCheck> => {
    const answer = await client.call('GET', '/info', undefined, CHECK_TIMEOUT_MS);
    if (answer.status !== 200)
      return {
        kind: 'node_api',
        target: node.url,
        status: 'red',
        reason: 'refused',
        detail: `The node answered ${answer.status}.`,
        facts: { httpStatus: answer.status },
      };
    const info = answer.body as { version?: string; settings?: { name: string; value: unknown }[] };
    const port = info.settings?.find((each) => each.name === 'fasp_port')?.value;
    if (typeof port === 'number') {
      udpPort = port;
      knownUdpPorts.set(node.url, port);
    }
    return {
      kind: 'node_api',
      target: node.url,
      status: 'green',
      reason: 'ok',
      detail: '',
      facts: { version: info.version ?? '' },
    };
  }).finally(() => client.close());
  const host = new URL(node.url).hostname.replace(/^\[|\]$/g, '');
  const target = udpPort === undefined ? `${host} (UDP)` : `${host}:${udpPort}/udp`;
  if (udpPort === undefined)
    return [
      api,
      {
        kind: 'node_udp',
        target,
        status: 'red',
        reason: 'unreachable',
        detail: 'The node’s API did not say its UDP port.',
        facts: {},
      },
    ];
  const port = udpPort;
  const udp = await bounded({ kind: 'node_udp', target }, async (): Promise<HealthCheck> => {
    const refused = await udpRefused(host, port);
    return refused
      ? { kind: 'node_udp', target, status: 'red', reason: 'refused', detail: refused, facts: { port } }
      : { kind: 'node_udp', target, status: 'green', reason: 'ok', detail: '', facts: { port } };
  });
  return [api, udp];
}

/**
 * UDP has no handshake: a datagram (one byte, which the node drops as it drops any packet of no session) sent on a
 * connected socket brings back the ICMP "port unreachable" as ECONNREFUSED when nothing listens. Silence is taken
 * as listening — what a firewall that drops silently hides, only a transfer can tell.
 */
function udpRefused(host: string, port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const socket = createSocket(host.includes(':') ? 'udp6' : 'udp4');
    const done = (why: string | undefined) => {
      clearTimeout(timer);
      socket.close();
      resolve(why);
    };
    const timer = setTimeout(() => done(undefined), UDP_WAIT_MS);
    socket.on('error', (error) => done(error.message));
    socket.connect(port, host, () => socket.send(Buffer.from([0])));
  });
}
