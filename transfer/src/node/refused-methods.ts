import { type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/** Bodies of these calls are a handful of ids; anything larger is not one of them. */
const MAX_REQUEST_BYTES = 256 * 1024;

type ParserError = Error & { code?: string; rawPacket?: Buffer };

/**
 * Node's HTTP parser knows a fixed list of methods and refuses the others, such as the Node API's `CANCEL /ops/transfers/{id}`
 * (node-api.md §3.7) or Drive's `REVERT /checkouts` (connect-bridge.md §7), as a client error. It still reports every later chunk of that connection with its raw
 * bytes, so this collects the request line, headers and `Content-Length` body, lets `fetch` answer it like any
 * other request, writes the answer and closes the connection. Other parse errors get the usual 400.
 */
export function answerRefusedMethods(
  server: Server,
  methods: readonly string[],
  fetch: (request: Request) => Promise<Response> | Response,
): void {
  // Per connection: the bytes so far, or 'taken' once its one request is being answered.
  const pending = new WeakMap<Duplex, Buffer | 'taken'>();
  server.on('clientError', (error: ParserError, socket: Duplex) => {
    const sofar = pending.get(socket);
    if (sofar === 'taken' || (sofar !== undefined && !error.rawPacket)) return;
    if (sofar === undefined && !isRefusedMethod(error, methods)) {
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    const bytes = Buffer.concat([sofar ?? Buffer.alloc(0), error.rawPacket ?? Buffer.alloc(0)]);
    const request = parseRawRequest(bytes, socket);
    if (request === 'incomplete' && bytes.length <= MAX_REQUEST_BYTES) {
      pending.set(socket, bytes);
      return;
    }
    pending.set(socket, 'taken');
    if (request === 'incomplete' || request === 'invalid') {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    Promise.resolve(fetch(request))
      .then((response) => writeResponse(socket, response))
      .catch(() => socket.end('HTTP/1.1 500 Internal Server Error\r\nConnection: close\r\n\r\n'));
  });
}

function isRefusedMethod(error: ParserError, methods: readonly string[]): boolean {
  if (error.code !== 'HPE_INVALID_METHOD' || !error.rawPacket) return false;
  const method = error.rawPacket.toString('latin1', 0, 16).split(' ')[0] ?? '';
  return methods.includes(method);
}

function parseRawRequest(bytes: Buffer, socket: Duplex): Request | 'incomplete' | 'invalid' {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return 'incomplete';
  const [requestLine = '', ...lines] = bytes.toString('latin1', 0, end).split('\r\n');
  const match = /^([A-Z]+) (\/\S*) HTTP\/1\.[01]$/.exec(requestLine);
  if (!match) return 'invalid';
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) return 'invalid';
    headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const length = Number(headers.get('content-length') ?? 0);
  if (!Number.isInteger(length) || length < 0 || length > MAX_REQUEST_BYTES) return 'invalid';
  const body = bytes.subarray(end + 4);
  if (body.length < length) return 'incomplete';
  const scheme = 'encrypted' in socket ? 'https' : 'http';
  return new Request(`${scheme}://${headers.get('host') ?? 'localhost'}${match[2]}`, {
    method: match[1],
    headers,
    body: length > 0 ? new Uint8Array(body.subarray(0, length)) : undefined,
  });
}

async function writeResponse(socket: Duplex, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const reason = response.statusText || STATUS_CODES[response.status] || 'Unknown';
  const lines = [`HTTP/1.1 ${response.status} ${reason}`];
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'connection' && name !== 'transfer-encoding')
      lines.push(`${name}: ${value}`);
  });
  lines.push(`Content-Length: ${body.length}`, 'Connection: close');
  socket.end(Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]));
}
