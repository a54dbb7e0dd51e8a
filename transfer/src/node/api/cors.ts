import type { IncomingMessage, ServerResponse } from 'node:http';

const EXPOSED = 'Link, Content-Range, Accept-Ranges, X-Aspera-Next-Iteration-Token, X-Aspera-Total-Count';
const METHODS = 'GET, HEAD, POST, PUT, DELETE, CANCEL, OPTIONS';
const HEADERS = 'Authorization, Content-Type, Range, Content-Range, Accept-Version, X-Aspera-AccessKey';

/** Adds CORS headers for allowed origins (the DAM polls the node from the browser); true when it answered a preflight. */
export function applyCors(req: IncomingMessage, res: ServerResponse, allowed: string[] | '*'): boolean {
  const origin = req.headers.origin;
  if (origin && (allowed === '*' || allowed.includes(origin))) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Expose-Headers', EXPOSED);
  }
  if (req.method === 'OPTIONS') {
    res.writeHead(204, {
      'Access-Control-Allow-Methods': METHODS,
      'Access-Control-Allow-Headers': HEADERS,
      'Access-Control-Max-Age': '600',
    });
    res.end();
    return true;
  }
  return false;
}
