import { homedir } from 'node:os';
import { join } from 'node:path';
import {
  checksumRequest,
  droppedFilesRequest,
  LARGE_REPLY_PATH,
  type LargeReplyRoute,
  type LargeReplyTicket,
  largeReplyRequest,
  readChunkRequest,
  readFileRequest,
} from '@rapid/protocol';
import type { Context, Hono } from 'hono';
import { fileEntry } from '../files/file-entry.ts';
import { findDropped } from '../files/find-dropped.ts';
import { readReply } from '../files/read-reply.ts';
import type { AllowedRead } from '../trust/read-tokens.ts';
import { ConnectFailure, forbidden } from './connect-failure.ts';
import type { DaemonContext } from './context.ts';
import { originOf, parseBody, readBody } from './read-body.ts';

export function addFileRoutes(app: Hono, context: DaemonContext): void {
  const { trust, grants } = context;
  const dropEnabled = new Set<string>();

  app.get('/connect/file/initialize-drag-drop', async (c) => {
    const origin = await trust.require(originOf(c));
    dropEnabled.add(origin);
    return c.json({});
  });

  app.post('/connect/file/dropped-files', async (c) => {
    const request = await readBody(c, droppedFilesRequest);
    const origin = originOf(c);
    trust.checkKey(origin, request.authorization_key);
    await trust.require(origin);
    if (!dropEnabled.has(origin as string))
      throw forbidden('Drag and drop was not initialised for this page (initialize-drag-drop).');
    const home = homedir();
    const folders = [
      context.settings.get().download_folder,
      join(home, 'Desktop'),
      join(home, 'Downloads'),
      join(home, 'Documents'),
      home,
    ];
    const paths: string[] = [];
    for (const file of request.dataTransfer.files) {
      const path = await findDropped(file, folders);
      if (path) paths.push(path);
    }
    // The daemon cannot see the drop itself, so the user confirms which files the page may read.
    if (paths.length > 0) {
      const allowed = await context.ui.confirm(
        'Share dropped files?',
        `${origin} wants to read the files you dropped: ${paths.join(', ')}`,
      );
      if (!allowed) throw forbidden('You did not share the dropped files with this page.');
      await grants.grant(origin as string, paths, 'file');
    }
    return c.json({ dataTransfer: { files: await Promise.all(paths.map(fileEntry)) } });
  });

  app.post('/connect/file/read-as-array-buffer', async (c) =>
    c.json(await readReply(await allowedRead(c, 'read-as-array-buffer', await c.req.text()))),
  );

  app.post('/connect/file/read-chunk-as-array-buffer', async (c) =>
    c.json(await readReply(await allowedRead(c, 'read-chunk-as-array-buffer', await c.req.text()))),
  );

  app.post('/connect/file/checksum', async (c) =>
    c.json(await readReply(await allowedRead(c, 'checksum', await c.req.text()))),
  );

  /**
   * A large read's reply over loopback (sdk/LARGE-REPLIES.md). The ticket is issued only to a call the native host
   * relayed (the extension's path, where the browser vouches for the origin), after every check the read itself
   * makes; the fetch then reads exactly that, for that origin, once, before the ticket expires.
   */
  app.post(LARGE_REPLY_PATH, async (c) => {
    if (c.req.header('x-rapid-via') !== 'native-host')
      throw forbidden('Rapid issues read links only through its browser extension.');
    const text = await c.req.text();
    const { route } = parseBody(text, largeReplyRequest);
    const read = await allowedRead(c, route, text);
    const base = context.localHttpUrl();
    if (!base)
      throw new ConnectFailure(503, 503, 'Unavailable', 'The Rapid client has no local HTTP port open.');
    const { token, expiresInMs } = context.readTokens.issue(originOf(c) as string, read);
    return c.json({
      url: `${base}/v6${LARGE_REPLY_PATH}/${token}`,
      expires_in_ms: expiresInMs,
    } satisfies LargeReplyTicket);
  });

  app.get(`${LARGE_REPLY_PATH}/:token`, async (c) => {
    const origin = originOf(c);
    const read = context.readTokens.redeem(c.req.param('token'), origin);
    // Consent and the grant are checked again: either may have been revoked since the ticket was issued.
    if (!trust.isAllowed(origin)) throw forbidden(`You did not allow ${origin} to use Rapid.`);
    await grants.check(origin as string, read.path);
    return c.json(await readReply(read));
  });

  /** What one read may do, checked as every read is: the site's key, its consent, and the user's grant of the path. */
  async function allowedRead(c: Context, route: LargeReplyRoute, text: string): Promise<AllowedRead> {
    switch (route) {
      case 'read-as-array-buffer': {
        const request = parseBody(text, readFileRequest);
        return { route, path: await readable(c, request.path, request.authorization_key) };
      }
      case 'read-chunk-as-array-buffer': {
        const request = parseBody(text, readChunkRequest);
        const path = await readable(c, request.path, request.authorization_key);
        return { route, path, offset: request.offset, chunkSize: request.chunkSize };
      }
      case 'checksum': {
        const request = parseBody(text, checksumRequest);
        const path = await readable(c, request.path, request.authorization_key);
        return {
          route,
          path,
          offset: request.offset ?? 0,
          chunkSize: request.chunkSize ?? 0,
          checksumMethod: request.checksumMethod ?? 'md5',
        };
      }
    }
  }

  async function readable(c: Context, path: string, key: unknown) {
    const origin = originOf(c);
    trust.checkKey(origin, key);
    await trust.require(origin);
    try {
      return await grants.check(origin as string, path);
    } catch (error) {
      if (error instanceof ConnectFailure) throw error;
      throw forbidden(`Rapid cannot read ${path}.`);
    }
  }
}
