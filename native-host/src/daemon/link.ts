import { request } from 'node:http';
import { isAnswering } from './server.ts';

export interface DaemonCall {
  method: string;
  path: string;
  body: string;
  /** The page origin the browser vouched for; the daemon's trust decisions key on it. */
  origin?: string;
  /** Set when the caller is one of the extension's own pages (its popup), which may see every transfer. */
  fromExtension?: boolean;
  timeoutMs: number;
}

export interface DaemonAnswer {
  status: number;
  body: string;
}

export interface DaemonLink {
  call(call: DaemonCall): Promise<DaemonAnswer>;
}

export class DaemonUnavailable extends Error {
  override name = 'DaemonUnavailable';
}

interface LinkOptions {
  socketPath: string;
  /** Starts a daemon in the background; called at most once at a time, when nothing answers on the socket. */
  startDaemon: () => void;
  startTimeoutMs?: number;
}

/** The host's link to the daemon: HTTP over the per-user socket, starting the daemon when none answers. */
export function createDaemonLink({
  socketPath,
  startDaemon,
  startTimeoutMs = 5000,
}: LinkOptions): DaemonLink {
  let starting: Promise<void> | undefined;

  const ensureRunning = async () => {
    if (await isAnswering(socketPath)) return;
    starting ??= (async () => {
      startDaemon();
      const deadline = Date.now() + startTimeoutMs;
      while (!(await isAnswering(socketPath))) {
        if (Date.now() > deadline)
          throw new DaemonUnavailable(`The Rapid daemon did not start within ${startTimeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })().finally(() => {
      starting = undefined;
    });
    await starting;
  };

  return {
    async call(call) {
      try {
        return await send(socketPath, call);
      } catch (error) {
        if (!isNotListening(error)) throw error;
        await ensureRunning();
        return send(socketPath, call);
      }
    },
  };
}

function isNotListening(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ECONNREFUSED';
}

function send(
  socketPath: string,
  { method, path, body, origin, fromExtension, timeoutMs }: DaemonCall,
): Promise<DaemonAnswer> {
  return new Promise((resolve, reject) => {
    // Only the host speaks on this socket; the local HTTP servers build their inner requests without this header.
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-rapid-via': 'native-host',
    };
    if (origin) headers['x-rapid-origin'] = origin;
    if (fromExtension) headers['x-rapid-caller'] = 'extension';
    const outgoing = request({ socketPath, method, path, headers, timeout: timeoutMs }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    outgoing.on('timeout', () => outgoing.destroy(new DaemonUnavailable(`No answer within ${timeoutMs} ms`)));
    outgoing.on('error', reject);
    outgoing.end(method === 'GET' ? undefined : body);
  });
}
