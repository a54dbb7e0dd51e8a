import { z } from 'zod';

/** R-HEALTH-TESTS: a disk is red below DAM_DISK_MIN_FREE_MB; signatures older than this many days are red. */
export const SIGNATURE_MAX_AGE_DAYS = 7;

/** green: works; red: does not, with the reason; off: not configured (the site chose to run without it). */
export const healthStatusSchema = z.enum(['green', 'red', 'off']);
export type HealthStatus = z.infer<typeof healthStatusSchema>;

export const healthKindSchema = z.enum(['database', 'disk', 'node_api', 'node_udp', 'smtp', 'antivirus']);
export type HealthKind = z.infer<typeof healthKindSchema>;

/** Why a check has its status; the screens translate it, `detail` keeps the cause's own words for the log. */
export const healthReasonSchema = z.enum([
  'ok',
  'unreachable',
  'refused',
  'migrations_behind',
  'pool_exhausted',
  'low_space',
  'not_configured',
  'not_detected',
  'signatures_old',
  'no_signatures',
]);
export type HealthReason = z.infer<typeof healthReasonSchema>;

export const healthCheckSchema = z.object({
  kind: healthKindSchema,
  /** What was checked: a disk's area, a node's URL, the SMTP server's host and port. */
  target: z.string(),
  status: healthStatusSchema,
  reason: healthReasonSchema,
  detail: z.string(),
  /** The figures behind the verdict (round trip, free bytes, signature age, …), by name. */
  facts: z.record(z.string(), z.union([z.number(), z.string()])),
});
export type HealthCheck = z.infer<typeof healthCheckSchema>;

export const healthSchema = z.object({
  /** The server and its database answer: what a load balancer asks. */
  ok: z.boolean(),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
  /** For administrators only: every health test, and whether all configured ones are green. */
  healthy: z.boolean().optional(),
  checks: z.array(healthCheckSchema).optional(),
});
