import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { createApiRouter } from './api/api-router.ts';
import { openApiDocument } from './api/openapi-document.ts';
import { REFERENCE_CSS, referencePage } from './api/reference-page.ts';
import { API_ROUTES } from './api/routes.ts';
import { DAM_VERSION } from './health/health-service.ts';
import type { DamServices } from './services.ts';

export interface DamAppOptions {
  /** The web app's (or demo's) static files. */
  publicDir: string;
  /** The SDK's build output, served as the page's SDK location under /sdk/. */
  sdkDir: string;
  /** The installer frame's build (`installer-frame/dist/install`), served as `/sdk/install/`. */
  installerDir?: string;
  /** Release packages and their install manifest (`release/`), served under /sdk/ where the manifest points. */
  releaseDir?: string;
  /** The DAM's database, mail and jobs; without them only the static files are served (the SDK test sites). */
  services?: DamServices;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The DAM web server: the API under `/api/v1` with its reference at `/api/docs`, the SDK location under `/sdk/`,
 * and the web app. Static paths never leave their roots (the static handler refuses `..`, doubled slashes and
 * encoded tricks).
 */
export function createDamApp({ publicDir, sdkDir, installerDir, releaseDir, services }: DamAppOptions): Hono {
  const app = new Hono();
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
      },
    }),
  );
  if (services) {
    const document = openApiDocument(API_ROUTES, DAM_VERSION);
    const page = referencePage(document as Parameters<typeof referencePage>[0]);
    app.get('/api/v1/openapi.json', (c) => c.json(document));
    app.get('/api/docs', (c) => c.html(page));
    app.get('/api/docs/reference.css', (c) => c.body(REFERENCE_CSS, 200, { 'Content-Type': 'text/css' }));
    const api = createApiRouter(services, API_ROUTES);
    app.route('/api/v1', api);
    // Where Prometheus looks by default; the same endpoint as /api/v1/metrics, with its authentication.
    app.get('/metrics', (c) => api.fetch(c.req.raw, c.env));
  }
  const underSdk = (path: string) => path.slice('/sdk'.length);
  // The SDK location holds the SDK, the installer frame, the install manifest and the packages it links to.
  if (installerDir) {
    // The frame's assets are named by their content (Vite's bundles, the first-paint CSS and script), so a browser
    // keeps them for good and a banner after the first one waits only for its small index.html.
    app.use('/sdk/install/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('Cache-Control', IMMUTABLE);
    });
    app.use(
      '/sdk/install/*',
      serveStatic({ root: installerDir, rewriteRequestPath: (path) => path.slice('/sdk/install'.length) }),
    );
  }
  app.use('/sdk/*', serveStatic({ root: sdkDir, rewriteRequestPath: underSdk }));
  if (releaseDir) app.use('/sdk/*', serveStatic({ root: releaseDir, rewriteRequestPath: underSdk }));
  // The web app: its bundles are named by their content (Vite's `/assets/name-hash.js`), so a browser keeps them for
  // good; every other file (index.html, which names the bundles of this build) is asked again each time (`no-cache`
  // still lets the browser reuse it after a 304). Text files go out precompressed, brotli or gzip by
  // Accept-Encoding, from the copies the build wrote beside them (web/precompress-plugin.ts).
  app.use('/*', async (c, next) => {
    await next();
    if (c.res.status !== 200 || c.res.headers.has('Cache-Control')) return;
    c.header('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
  });
  app.use('/*', serveStatic({ root: publicDir, precompressed: true }));
  app.notFound((c) => c.text('Not found', 404));
  return app;
}
