import { z } from 'zod';

/** R-CONFIGURATOR-LEASE: a lease lasts this long unless renewed; an open editor renews it every LEASE_RENEW_SECONDS. */
export const LEASE_SECONDS = 120;
export const LEASE_RENEW_SECONDS = 30;

/** What is configured: the global settings, or one workspace. */
export const leaseScopeSchema = z
  .string()
  .regex(/^(global|workspace:[1-9][0-9]{0,9})$/, 'A scope is global or workspace:<id>.');

export const leaseBodySchema = z.strictObject({ scope: leaseScopeSchema });

export const leaseSchema = z
  .object({
    scope: z.string(),
    /** Who holds it: the caller when taken, the other administrator in a 409's details. */
    holder: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'ConfigurationLease' });
export type ConfigurationLease = z.infer<typeof leaseSchema>;
