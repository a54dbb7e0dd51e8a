import { type ConfigurationLease, LEASE_SECONDS } from '../../api/configuration-lease.ts';
import { MESSAGES } from '../../api/messages.ts';
import type { Principal } from '../access/principal.ts';
import { ApiError } from '../api/api-error.ts';
import type { DamServices } from '../services.ts';
import { liveLease, releaseLease, takeLease } from './lease-queries.ts';

const configuring = (holder: string, expiresAt: Date) =>
  new ApiError(409, 'configuring', MESSAGES.anotherConfigurator, `${holder} is configuring this.`, {
    details: { holder, expiresAt: expiresAt.toISOString() },
  });

/**
 * R-CONFIGURATOR-LEASE: one administrator configures a scope at a time. Taking it when free, expired or one's own
 * (a renewal) succeeds; otherwise 409 with the spec's text and who holds it until when.
 */
export async function takeConfigurationLease(
  services: DamServices,
  principal: Principal,
  scope: string,
): Promise<ConfigurationLease> {
  const taken = await takeLease(services.db, scope, principal.user.id, LEASE_SECONDS);
  if (taken) return { scope, holder: principal.user.username, expiresAt: taken.expires_at.toISOString() };
  const held = await liveLease(services.db, scope);
  // Expired between the two statements: try once more.
  if (!held) return takeConfigurationLease(services, principal, scope);
  throw configuring(held.username, held.expires_at);
}

export async function releaseConfigurationLease(services: DamServices, principal: Principal, scope: string) {
  await releaseLease(services.db, scope, principal.user.id);
}

/** A save of a scope's settings is refused while another administrator holds its lease (no lease: anyone saves). */
export async function assertNotConfiguredByAnother(
  services: DamServices,
  principal: Principal,
  scope: string,
) {
  const held = await liveLease(services.db, scope);
  if (held && held.user_id !== principal.user.id) throw configuring(held.username, held.expires_at);
}
