import * as z from 'zod/v4/mini';
import './zod-config.ts';

/** `POST /connect/info/authenticate`. */
export const authSpec = z.looseObject({
  remote_host: z.string().check(z.minLength(1)),
  ssh_port: z.optional(z.int().check(z.positive())),
  remote_user: z.optional(z.string()),
  remote_password: z.optional(z.string()),
  token: z.optional(z.string()),
});
export type AuthSpec = z.infer<typeof authSpec>;

/** `POST /connect/info/ports` (testSshPorts); defaults 33001 and 3 s. */
export const portsRequest = z.looseObject({
  remote_host: z.string().check(z.minLength(1)),
  ssh_port: z.optional(z.int().check(z.positive(), z.lte(65535))),
  timeout_sec: z.optional(z.number().check(z.positive(), z.lte(60))),
});

/** `POST /connect/update/require`. */
export const updateRequireRequest = z.looseObject({
  min_version: z.string(),
  sdk_location: z.optional(z.string()),
});

/** Launcher → daemon: the legacy session a `fasp://initialize/?key=&id=` launch handed over. */
export const legacySession = z.object({
  id: z.string().check(z.regex(/^[0-9A-Za-z-]{8,64}$/)),
  key: z.string().check(z.regex(/^[A-Za-z0-9]{32}$/)),
});
