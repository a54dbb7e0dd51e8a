import type { FileFilter } from '@rapid/protocol';
import { openFileDialogRequest, openFolderDialogRequest, saveFileDialogRequest } from '@rapid/protocol';
import type { Context, Hono } from 'hono';
import { NoDialogTool } from '../desktop/desktop-ui.ts';
import { fileEntry } from '../files/file-entry.ts';
import { ConnectFailure } from './connect-failure.ts';
import type { DaemonContext } from './context.ts';
import { originOf, readBody } from './read-body.ts';

/** The three native dialogs; what the user picks is granted to the asking origin for this session. */
export function addDialogRoutes(app: Hono, context: DaemonContext): void {
  const { trust, grants, ui } = context;

  const answer = async (c: Context, origin: string, paths: string[], kind: 'file' | 'folder') => {
    await grants.grant(origin, paths, kind);
    const files = await Promise.all(
      paths.map((path) =>
        fileEntry(path).catch(() => ({
          lastModifiedDate: '',
          name: path,
          size: 0,
          type: 'application/octet-stream',
        })),
      ),
    );
    return c.json({ dataTransfer: { files } });
  };

  app.post('/connect/windows/select-open-file-dialog', async (c) => {
    const request = await readBody(c, openFileDialogRequest);
    const origin = await allowed(c, request.authorization_key);
    const paths = await showing(() =>
      ui.openFiles({
        title: request.title ?? '',
        suggestedName: request.suggestedName ?? '',
        multiple: request.allowMultipleSelection ?? true,
        filters: filters(request.allowedFileTypes),
      }),
    );
    return answer(c, origin, paths, 'file');
  });

  app.post('/connect/windows/select-open-folder-dialog', async (c) => {
    const request = await readBody(c, openFolderDialogRequest);
    const origin = await allowed(c, request.authorization_key);
    const paths = await showing(() =>
      ui.openFolders({
        title: request.title ?? '',
        suggestedName: '',
        multiple: request.allowMultipleSelection ?? true,
        filters: [],
      }),
    );
    return answer(c, origin, paths, 'folder');
  });

  app.post('/connect/windows/select-save-file-dialog', async (c) => {
    const request = await readBody(c, saveFileDialogRequest);
    const origin = await allowed(c, request.authorization_key);
    const path = await showing(() =>
      ui.saveFile({
        title: request.title ?? '',
        suggestedName: request.suggestedName ?? '',
        multiple: false,
        filters: filters(request.allowedFileTypes),
      }),
    );
    return answer(c, origin, path ? [path] : [], 'file');
  });

  async function allowed(c: Context, key: unknown): Promise<string> {
    const origin = originOf(c);
    trust.checkKey(origin, key);
    return trust.require(origin);
  }
}

async function showing<T>(dialog: () => Promise<T>): Promise<T> {
  try {
    return await dialog();
  } catch (error) {
    if (error instanceof NoDialogTool) throw new ConnectFailure(500, 500, 'No dialog tool', error.message);
    throw error;
  }
}

function filters(given: FileFilter[] | '' | undefined): FileFilter[] {
  return Array.isArray(given) ? given : [];
}
