import type { Duplex } from 'node:stream';

export interface RawRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}

/**
 * Node's HTTP parser refuses the `CANCEL` method the Node API uses on `/ops/transfers/{id}` (node-api.md §3.7) and
 * reports it as a client error carrying the raw bytes. This reads that request line and headers so the router can
 * still answer it; the connection closes after the answer.
 */
export function parseRefusedRequest(
  error: Error & { code?: string; rawPacket?: Buffer },
): RawRequest | undefined {
  if (error.code !== 'HPE_INVALID_METHOD' || !error.rawPacket) return undefined;
  const text = error.rawPacket.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [requestLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const match = /^CANCEL (\/\S*) HTTP\/1\.[01]$/.exec(requestLine);
  if (!match) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { method: 'CANCEL', path: match[1] ?? '/', headers };
}

export function writeRawResponse(
  socket: Duplex,
  status: number,
  body: string,
  headers: Record<string, string>,
): void {
  const reason =
    status === 204 ? 'No Content' : status === 404 ? 'Not Found' : status === 401 ? 'Unauthorized' : 'Error';
  const lines = [
    `HTTP/1.1 ${status} ${reason}`,
    'Connection: close',
    `Content-Length: ${Buffer.byteLength(body)}`,
  ];
  if (body) lines.push('Content-Type: application/json');
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}
