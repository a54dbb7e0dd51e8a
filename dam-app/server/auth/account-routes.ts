import {
  activateAccount,
  createAccount,
  getAccount,
  updateAccount,
} from '../../api/contract/access-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as accounts from './account-service.ts';
import { userView } from './views.ts';

export const accountRoutes = [
  bindEndpoint(createAccount, async ({ services, body, ip }) => {
    await accounts.createAccount(services, body, ip);
    return { ok: true as const, username: body.username };
  }),
  bindAction(activateAccount, ({ services, body, ip }) => accounts.activateAccount(services, body, ip)),
  bindEndpoint(getAccount, async ({ principal }) => userView(principal.user)),
  bindEndpoint(updateAccount, ({ services, principal, body }) =>
    accounts.updateProfile(services, principal, body.profile),
  ),
];
