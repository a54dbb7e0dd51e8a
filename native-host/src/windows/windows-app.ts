import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { CONNECT_API_VERSION, clientSettings, connectError } from '@rapid/protocol';
import { type Context, Hono, type Next } from 'hono';
import { ConnectFailure } from '../daemon/connect-failure.ts';
import type { DaemonContext } from '../daemon/context.ts';
import { readBody } from '../daemon/read-body.ts';

interface WindowsOptions {
  /** The built React bundle (`dist/windows-ui/app.js`). */
  scriptFile?: string;
  httpPort?: () => number | undefined;
}

/**
 * The client's windows — About, Preferences, Transfer Manager, Transfer Monitor — as a React app under /ui, plus
 * the JSON calls it makes under /ui/api. Never framed and never readable cross-origin (no CORS); calls that change
 * anything need this daemon session's token in a header and a same-origin request, so no web page can change the
 * user's trust choices or control transfers through them.
 */
export function createWindowsApp(context: DaemonContext, options: WindowsOptions = {}): Hono {
  const app = new Hono();
  const token = randomBytes(24).toString('hex');

  app.use('/ui/*', async (c, next) => {
    await next();
    c.header('X-Frame-Options', 'DENY');
    c.header(
      'Content-Security-Policy',
      "default-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
    );
    c.header('Cache-Control', 'no-store');
  });

  const guarded = async (c: Context, next: Next) => {
    const given = Buffer.from(c.req.header('x-rapid-ui-token') ?? '');
    const origin = c.req.header('origin');
    if (
      given.length !== token.length ||
      !timingSafeEqual(given, Buffer.from(token)) ||
      (origin && origin !== new URL(c.req.url).origin)
    )
      return c.json(connectError(403, 'Forbidden', 'Only Rapid’s own windows may do this.'), 403);
    await next();
  };
  app.use('/ui/api/*', guarded);

  app.get('/ui/api/about', (c) => c.json({ version: CONNECT_API_VERSION, http_port: options.httpPort?.() }));
  app.get('/ui/api/settings', (c) => c.json(context.settings.get()));
  app.put('/ui/api/settings', async (c) => {
    const next = await readBody(c, clientSettings);
    return c.json(context.settings.update(() => next));
  });
  app.get('/ui/api/transfers', (c) =>
    c.json({ transfers: context.manager.activity(undefined, 0).transfers }),
  );
  app.get('/ui/api/transfers/:id', (c) =>
    c.json({ transfer_info: context.manager.info(undefined, c.req.param('id')) }),
  );
  app.post('/ui/api/transfers/:id/:action', async (c) => {
    const id = c.req.param('id');
    const action = c.req.param('action');
    if (action === 'stop') await context.manager.stop(undefined, id);
    else if (action === 'resume') context.manager.resume(undefined, id, {});
    else if (action === 'remove') await context.manager.remove(undefined, id);
    else if (action === 'show') await context.ui.open(context.manager.info(undefined, id).explorer_path);
    else return c.json(connectError(404, 'Not found', `No action ${action}.`), 404);
    return c.json({});
  });
  app.onError((error, c) =>
    error instanceof ConnectFailure
      ? c.json(error.body, error.status as 400)
      : c.json(connectError(500, error.message, 'Rapid could not do this.'), 500),
  );

  app.get('/ui/app.js', async (c) => {
    const script = options.scriptFile ? await readFile(options.scriptFile).catch(() => undefined) : undefined;
    if (!script) return c.text('The windows UI is not built.', 404);
    return c.body(script, 200, { 'content-type': 'text/javascript; charset=utf-8' });
  });
  app.get('/ui/*', (c) =>
    c.html(
      `<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="rapid-ui-token" content="${token}" />` +
        `<title>Rapid</title><style>body{font:14px system-ui;margin:2rem;max-width:52rem}label{display:block;margin:.5rem 0}` +
        `nav a{margin-right:1rem}td,th{padding:.25rem .5rem;text-align:left}</style></head>` +
        `<body><div id="root"></div><script type="module" src="/ui/app.js"></script></body></html>`,
    ),
  );
  return app;
}
