import type { Context, Hono } from 'hono';
import { NoDialogTool } from '../desktop/desktop-ui.ts';
import { ConnectFailure, notFound } from './connect-failure.ts';
import type { DaemonContext } from './context.ts';
import { scopeOf } from './read-body.ts';

export const PREFERENCE_PAGES = ['general', 'transfers', 'bandwidth', 'network', 'security'] as const;

/** Windows are pages of the daemon's local web UI, opened with the system's opener. */
export function addWindowRoutes(app: Hono, context: DaemonContext): void {
  const openPage = async (c: Context, page: string) => {
    const base = context.windowsUrl();
    if (!base) throw new ConnectFailure(503, 503, 'Unavailable', 'The Rapid windows are not available yet.');
    await opening(() => context.ui.open(`${base}${page}`));
    return c.json({});
  };

  app.get('/connect/windows/about', (c) => openPage(c, '/about'));
  app.get('/connect/windows/preferences', (c) => openPage(c, '/preferences/general'));
  app.get('/connect/windows/preferences/:page', (c) => {
    const page = c.req.param('page');
    if (!(PREFERENCE_PAGES as readonly string[]).includes(page))
      throw notFound(`Preferences have no page ${page}.`);
    return openPage(c, `/preferences/${page}`);
  });
  app.get('/connect/windows/transfer-manager', (c) => openPage(c, '/transfers'));
  app.get('/connect/windows/transfer-monitor/:id', (c) => {
    const info = context.manager.info(scopeOf(c), c.req.param('id'));
    return openPage(c, `/transfers/${info.uuid}`);
  });
  app.get('/connect/windows/finder/:id', async (c) => {
    const info = context.manager.info(scopeOf(c), c.req.param('id'));
    await opening(() => context.ui.open(info.explorer_path));
    return c.json({});
  });
}

async function opening(open: () => Promise<void>) {
  try {
    await open();
  } catch (error) {
    if (error instanceof NoDialogTool) throw new ConnectFailure(500, 500, 'No opener', error.message);
    throw error;
  }
}
