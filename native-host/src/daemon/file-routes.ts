import { homedir } from 'node:os';
import { join } from 'node:path';
import { checksumRequest, droppedFilesRequest, readChunkRequest, readFileRequest } from '@rapid/protocol';
import type { Context, Hono } from 'hono';
import { fileEntry, mimeType } from '../files/file-entry.ts';
import { findDropped } from '../files/find-dropped.ts';
import { checksumRange, readRange } from '../files/read-range.ts';
import { ConnectFailure, forbidden } from './connect-failure.ts';
import type { DaemonContext } from './context.ts';
import { originOf, readBody } from './read-body.ts';

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

  app.post('/connect/file/read-as-array-buffer', async (c) => {
    const request = await readBody(c, readFileRequest);
    const path = await readable(c, request.path, request.authorization_key);
    const data = await readRange(path, 0);
    return c.json({ type: mimeType(path), data: data.toString('base64') });
  });

  app.post('/connect/file/read-chunk-as-array-buffer', async (c) => {
    const request = await readBody(c, readChunkRequest);
    const path = await readable(c, request.path, request.authorization_key);
    const data = await readRange(path, request.offset, request.chunkSize);
    return c.json({ type: mimeType(path), data: data.toString('base64') });
  });

  app.post('/connect/file/checksum', async (c) => {
    const request = await readBody(c, checksumRequest);
    const path = await readable(c, request.path, request.authorization_key);
    const method = request.checksumMethod ?? 'md5';
    const checksum = await checksumRange(path, method, request.offset ?? 0, request.chunkSize ?? 0);
    return c.json({ checksumMethod: method, checksum });
  });

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
