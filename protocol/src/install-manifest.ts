import * as z from 'zod/v4/mini';
import './zod-config.ts';

/** One link of an install-manifest entry; `rel: 'enclosure'` is the installer (connect-bridge.md §3). */
export const installLink = z.object({
  title: z.string(),
  type: z.string(),
  href: z.string(),
  hreflang: z.optional(z.string()),
  rel: z.string(),
  /** Added by the SDK for relative links: the link resolved against the SDK location. */
  hrefAbsolute: z.optional(z.string()),
});
export type InstallLink = z.infer<typeof installLink>;

/** One client build for one OS (connect-protocol.md §15.2). */
export const installEntry = z.object({
  title: z.string(),
  platform: z.object({ os: z.string(), version: z.optional(z.string()) }),
  navigator: z.object({ platform: z.string() }),
  version: z.string(),
  id: z.string(),
  updated: z.string(),
  links: z.array(installLink),
});
export type InstallEntry = z.infer<typeof installEntry>;

/** `window.connectVersions`, as set by `<sdkLocation>/connectversions.min.js`. */
export const installManifest = z.object({
  title: z.optional(z.string()),
  updated: z.optional(z.string()),
  entries: z.array(installEntry),
});
export type InstallManifest = z.infer<typeof installManifest>;
