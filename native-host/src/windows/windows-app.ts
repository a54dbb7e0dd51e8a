import { randomBytes } from 'node:crypto';
import { CONNECT_API_VERSION, clientSettingsPatch, describeIssues, type TransferInfo } from '@rapid/protocol';
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { DaemonContext } from '../daemon/context.ts';
import { PREFERENCE_PAGES } from '../daemon/window-routes.ts';

type Page = HtmlEscapedString | Promise<HtmlEscapedString>;

/**
 * The client's windows as a small local web UI under /ui: About, Preferences, Transfer Manager and Transfer
 * Monitor. Never framed, never readable cross-origin (no CORS), and preference changes need this session's form
 * token and a same-origin request, so a web page cannot change the user's trust choices.
 */
export function createWindowsApp(context: DaemonContext): Hono {
  const app = new Hono();
  const formToken = randomBytes(24).toString('hex');

  app.use('/ui/*', async (c, next) => {
    await next();
    c.header('X-Frame-Options', 'DENY');
    c.header(
      'Content-Security-Policy',
      "default-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    c.header('Cache-Control', 'no-store');
  });

  app.get('/ui/about', (c) =>
    c.html(
      layout(
        'About Rapid',
        html`<p>Rapid local transfer client</p><p>Connect API level <b>${CONNECT_API_VERSION}</b></p>`,
      ),
    ),
  );

  app.get('/ui/preferences/:page', (c) => {
    const page = c.req.param('page');
    if (!(PREFERENCE_PAGES as readonly string[]).includes(page)) return c.notFound();
    const settings = context.settings.get();
    const sites = Object.entries(settings.trusted_sites);
    return c.html(
      layout(
        'Preferences',
        html`<nav>${PREFERENCE_PAGES.map((each) => html`<a href="/ui/preferences/${each}">${each}</a> `)}</nav>
          <form method="post" action="/ui/preferences/${page}">
            <input type="hidden" name="token" value="${formToken}" />
            <label>Download folder <input name="download_folder" value="${settings.download_folder}" /></label>
            <label>Concurrent transfers
              <input name="concurrent_transfers" type="number" min="1" max="20" value="${settings.concurrent_transfers}" /></label>
            <label>Default target rate (kbps)
              <input name="default_target_rate_kbps" type="number" min="1" value="${settings.default_target_rate_kbps ?? ''}" /></label>
            <fieldset><legend>Sites</legend>
              ${sites.map(
                ([origin, trust]) =>
                  html`<label><input type="checkbox" name="allowed" value="${origin}" ${trust.allowed ? 'checked' : ''} />
                    ${origin}</label>`,
              )}
              ${sites.length === 0 ? html`<p>No site has asked yet.</p>` : ''}
            </fieldset>
            <button type="submit">Save</button>
          </form>`,
      ),
    );
  });

  app.post('/ui/preferences/:page', async (c) => {
    const form = await c.req.parseBody({ all: true });
    const origin = c.req.header('origin');
    const self = new URL(c.req.url).origin;
    if (form.token !== formToken || (origin && origin !== self)) return c.text('Forbidden', 403);
    const allowed = new Set([form.allowed ?? []].flat().map(String));
    const patch = clientSettingsPatch.safeParse({
      download_folder: String(form.download_folder ?? ''),
      concurrent_transfers: Number(form.concurrent_transfers),
      ...(form.default_target_rate_kbps
        ? { default_target_rate_kbps: Number(form.default_target_rate_kbps) }
        : {}),
    });
    if (!patch.success)
      return c.html(layout('Preferences', html`<p role="alert">${describeIssues(patch.error)}</p>`), 400);
    context.settings.update((current) => ({
      ...current,
      ...patch.data,
      trusted_sites: Object.fromEntries(
        Object.entries(current.trusted_sites).map(([site, trust]) => [
          site,
          { ...trust, allowed: allowed.has(site) },
        ]),
      ),
    }));
    return c.redirect(`/ui/preferences/${c.req.param('page')}`, 303);
  });

  app.get('/ui/transfers', (c) => {
    const { transfers } = context.manager.activity(undefined, 0);
    return c.html(
      layout(
        'Transfers',
        html`<table><tr><th>Name</th><th>Status</th><th>Progress</th><th>Rate</th></tr>
          ${transfers.map(row)}</table>`,
      ),
    );
  });

  app.get('/ui/transfers/:id', (c) => {
    const info = context.manager.info(undefined, c.req.param('id'));
    return c.html(
      layout(
        info.title,
        html`<dl><dt>Status</dt><dd>${info.status}</dd><dt>Progress</dt><dd>${percent(info)}</dd>
          <dt>Rate</dt><dd>${info.calculated_rate_kbps} kbps</dd><dt>Folder</dt><dd>${info.explorer_path}</dd>
          <dt>Error</dt><dd>${info.error_desc || '—'}</dd></dl>`,
      ),
    );
  });
  return app;
}

function row(info: TransferInfo) {
  return html`<tr><td><a href="/ui/transfers/${info.uuid}">${info.title}</a></td><td>${info.status}</td>
    <td>${percent(info)}</td><td>${info.calculated_rate_kbps} kbps</td></tr>`;
}

function percent(info: TransferInfo) {
  return `${Math.round(info.percentage * 100)} %`;
}

function layout(title: string, body: Page) {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8" /><title>${title} — Rapid</title>
    <style>${raw('body{font:14px system-ui;margin:2rem;max-width:48rem}label{display:block;margin:.5rem 0}td,th{padding:.25rem .5rem;text-align:left}')}</style>
    </head><body><h1>${title}</h1>${body}</body></html>`;
}
