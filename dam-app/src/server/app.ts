import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

export interface DamAppOptions {
  /** The demo's own static files (page, script, styles). */
  publicDir: string;
  /** The SDK's build output, served as the page's SDK location under /sdk/. */
  sdkDir: string;
  /** The installer frame's build (`installer-frame/dist/install`), served as `/sdk/install/`. */
  installerDir?: string;
  /** Release packages and their install manifest (`release/`), served under /sdk/ where the manifest points. */
  releaseDir?: string;
}

/**
 * The DAM web server. For now it serves the demo page that loads the SDK by script tag, and the SDK itself;
 * static paths never leave their roots (the static handler refuses `..`, doubled slashes and encoded tricks).
 */
export function createDamApp({ publicDir, sdkDir, installerDir, releaseDir }: DamAppOptions): Hono {
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
  const underSdk = (path: string) => path.slice('/sdk'.length);
  // The SDK location holds the SDK, the installer frame, the install manifest and the packages it links to.
  if (installerDir)
    app.use(
      '/sdk/install/*',
      serveStatic({ root: installerDir, rewriteRequestPath: (path) => path.slice('/sdk/install'.length) }),
    );
  app.use('/sdk/*', serveStatic({ root: sdkDir, rewriteRequestPath: underSdk }));
  if (releaseDir) app.use('/sdk/*', serveStatic({ root: releaseDir, rewriteRequestPath: underSdk }));
  app.use('/*', serveStatic({ root: publicDir }));
  app.notFound((c) => c.text('Not found', 404));
  return app;
}
