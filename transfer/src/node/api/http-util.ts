import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  416: 'Range Not Satisfiable',
  500: 'Internal Server Error',
};

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** The node API's error body (node-api.md §1). */
export function sendError(
  res: ServerResponse,
  status: number,
  userMessage: string,
  headers: Record<string, string> = {},
): void {
  sendJson(
    res,
    status,
    { error: { code: status, reason: REASONS[status] ?? 'Error', user_message: userMessage } },
    headers,
  );
}

export class BodyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function readJson(req: IncomingMessage, limit = 1024 * 1024): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyError(413, 'request body too large');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    throw new BodyError(400, 'request body is not JSON');
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The node user named by a valid `Authorization: Basic` header, else undefined. */
export function basicUser(req: IncomingMessage, users: Record<string, string>): string | undefined {
  const header = req.headers.authorization ?? '';
  if (!header.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const user = decoded.slice(0, colon);
  const password = users[user];
  if (password === undefined) return undefined;
  return timingSafeEqual(digest(password), digest(decoded.slice(colon + 1))) ? user : undefined;
}
