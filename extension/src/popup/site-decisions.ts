import { type SiteDecisions, siteDecisions } from '@rapid/protocol';
import type { PopupClient } from './client/popup-client.ts';

export type Site = SiteDecisions['sites'][number];

/** Every site's remembered consent, allowed and denied, as the client keeps it. */
export async function loadSites(client: PopupClient): Promise<Site[]> {
  const answer = await client.request('GET', '/connect/rapid/sites');
  if (answer.status !== 200) throw new Error(problemOf(answer.body));
  return siteDecisions.parse(JSON.parse(answer.body)).sites;
}

/** Forgets what the user decided for `origin`: the site will be asked again. */
export async function forgetSite(client: PopupClient, origin: string): Promise<void> {
  const answer = await client.request('POST', '/connect/rapid/sites/forget', JSON.stringify({ origin }));
  if (answer.status !== 200) throw new Error(problemOf(answer.body));
}

function problemOf(body: string): string {
  try {
    return JSON.parse(body)?.error?.user_message ?? 'The Rapid client could not do that.';
  } catch {
    return 'The Rapid client could not do that.';
  }
}
