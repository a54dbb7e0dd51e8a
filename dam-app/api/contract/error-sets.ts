import type { EndpointErrors } from './define-endpoint.ts';

// The error answers many endpoints share, named once; an endpoint lists its own with `errors(...)`.

/** The `{id}` (or a row the body names) does not exist or is not the caller's to see. */
export const notFound = { 404: ['not_found'] } as const satisfies EndpointErrors;
/** Another user holds the asset checked out. */
export const inUse = { 409: ['in_use'] } as const satisfies EndpointErrors;
/** The caller may see the item but not change it (not its owner, or a permission it lacks). */
export const forbidden = { 403: ['forbidden'] } as const satisfies EndpointErrors;
/** The new password breaks the password policy. */
export const weakPassword = { 400: ['weak_password'] } as const satisfies EndpointErrors;
/** Several error sets as one: the codes of each status together, each once, in the order given. */
export function errors(...sets: (EndpointErrors | undefined)[]): EndpointErrors {
  const merged: Record<string, string[]> = {};
  for (const set of sets)
    for (const [status, codes] of Object.entries(set ?? {}))
      merged[status] = [...new Set([...(merged[status] ?? []), ...(codes ?? [])])];
  return merged as EndpointErrors;
}

/** R-UPLOAD-SCAN: the antivirus found a threat in the upload; it is quarantined, never an asset. */
export const infected = { 422: ['infected'] } as const satisfies EndpointErrors;
