import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

export interface DamAppOptions {
  /** The demo's own static files (page, script, styles). */
  publicDir: string;
  /** The SDK's build output, served as the page's SDK location under /sdk/. */
  sdkDir: string;
}

/**
 * The DAM web server. For now it serves the demo page that loads the SDK by script tag, and the SDK itself;
 * static paths never leave their roots (the static handler refuses `..`, doubled slashes and encoded tricks).
 */
export function createDamApp({ publicDir, sdkDir }: DamAppOptions): Hono {
  const app = new Hono();
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        frameSrc: ["'self'"],
      },
    }),
  );
  app.use('/sdk/*', serveStatic({ root: sdkDir, rewriteRequestPath: (path) => path.slice('/sdk'.length) }));
  app.use('/*', serveStatic({ root: publicDir }));
  app.notFound((c) => c.text('Not found', 404));
  return app;
}
