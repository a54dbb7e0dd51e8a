import { forgetSiteRequest, type SiteDecisions } from '@rapid/protocol';
import type { Context, Hono } from 'hono';
import { forbidden } from './connect-failure.ts';
import type { DaemonContext } from './context.ts';
import { readBody } from './read-body.ts';

/**
 * The sites' remembered consent, for the extension popup: both what was allowed and what was denied, and forgetting
 * either (the site is asked again). Only the extension's own pages may call these (`x-rapid-caller`, which only the
 * native host sets); no web page can read or change another site's decision.
 */
export function addSiteRoutes(app: Hono, context: DaemonContext): void {
  const extensionOnly = (c: Context) => {
    if (c.req.header('x-rapid-caller') !== 'extension')
      throw forbidden('Only the Rapid extension manages what sites may do.');
  };

  app.get('/connect/rapid/sites', (c) => {
    extensionOnly(c);
    const sites = Object.entries(context.settings.get().trusted_sites)
      .map(([origin, trust]) => ({ origin, allowed: trust.allowed }))
      .sort((a, b) => a.origin.localeCompare(b.origin));
    return c.json({ sites } satisfies SiteDecisions);
  });

  app.post('/connect/rapid/sites/forget', async (c) => {
    extensionOnly(c);
    const { origin } = await readBody(c, forgetSiteRequest);
    context.settings.update((current) => {
      const { [origin]: decided, ...rest } = current.trusted_sites;
      // A key the user configured for the site stays required: the entry is kept, refused, with its key.
      const kept = decided?.authorization_key
        ? { [origin]: { allowed: false, authorization_key: decided.authorization_key } }
        : {};
      return { ...current, trusted_sites: { ...rest, ...kept } };
    });
    return c.json({});
  });
}
