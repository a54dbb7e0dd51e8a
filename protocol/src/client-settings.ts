import * as z from 'zod/v4/mini';
import { driveAccount } from './drive.ts';
import './zod-config.ts';

/** What the user decided for one site (an origin): allowed or refused, and an optional required key. */
export const siteTrust = z.object({
  allowed: z.boolean(),
  /** When set, every POST from this origin must carry this `authorization_key`. */
  authorization_key: z.optional(z.string().check(z.minLength(8))),
});
export type SiteTrust = z.infer<typeof siteTrust>;

/** Rapid's own call for the extension popup: every site's remembered decision (`GET /connect/rapid/sites`). */
export const siteDecisions = z.object({
  sites: z.array(z.object({ origin: z.string(), allowed: z.boolean() })),
});
export type SiteDecisions = z.infer<typeof siteDecisions>;

/** `POST /connect/rapid/sites/forget`: forget what the user decided for one site, so it is asked again. */
export const forgetSiteRequest = z.object({ origin: z.string().check(z.minLength(1)) });

/** The local client's preferences (`settings.json`), edited in the Preferences window. */
export const clientSettings = z.object({
  download_folder: z.string().check(z.minLength(1)),
  concurrent_transfers: z.int().check(z.gte(1), z.lte(20)),
  default_target_rate_kbps: z.optional(z.number().check(z.positive())),
  trusted_sites: z.record(z.string(), siteTrust),
  /** Servers whose files Drive can check out. */
  drive_accounts: z.optional(z.array(driveAccount)),
});
export type ClientSettings = z.infer<typeof clientSettings>;

/** A partial update, as the Preferences window sends it. */
export const clientSettingsPatch = z.partial(clientSettings);
