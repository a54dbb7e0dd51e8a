import { connect } from 'node:tls';
import type { NodeFixture } from './node-fixture.ts';

/** Test support: one raw HTTPS request to the node (for `CANCEL`, which Node's own client cannot send). */
export function rawRequest(
  fixture: NodeFixture,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(
      {
        host: '127.0.0.1',
        port: fixture.node.ports.api,
        ca: fixture.config.tls.cert,
        servername: 'localhost',
      },
      () => {
        const lines = Object.entries(headers).map(([key, value]) => `${key}: ${value}\r\n`);
        socket.write(`${method} ${path} HTTP/1.1\r\nHost: node\r\n${lines.join('')}\r\n`);
      },
    );
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.on('end', () => resolve(text));
    socket.on('error', reject);
  });
}
