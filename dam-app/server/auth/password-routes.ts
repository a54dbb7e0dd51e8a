import { changePassword, forgotPassword, resetPassword } from '../../api/contract/access-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as passwords from './password-service.ts';

export const passwordRoutes = [
  bindEndpoint(forgotPassword, async ({ services, body, ip }) => {
    await passwords.forgotPassword(services, body, ip);
    return { ok: true as const };
  }),
  bindEndpoint(resetPassword, ({ services, body, ip }) => passwords.resetPassword(services, body, ip)),
  bindEndpoint(changePassword, async ({ services, principal, body, ip }) => {
    await passwords.changePassword(services, principal, body, ip);
    return { ok: true as const };
  }),
];
