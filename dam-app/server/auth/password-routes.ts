import { changePassword, forgotPassword, resetPassword } from '../../api/contract/access-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as passwords from './password-service.ts';

export const passwordRoutes = [
  bindAction(forgotPassword, ({ services, body, ip }) => passwords.forgotPassword(services, body, ip)),
  bindEndpoint(resetPassword, ({ services, body, ip }) => passwords.resetPassword(services, body, ip)),
  bindAction(changePassword, ({ services, principal, body, ip }) =>
    passwords.changePassword(services, principal, body, ip),
  ),
];
