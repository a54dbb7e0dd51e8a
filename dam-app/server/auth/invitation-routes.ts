import {
  acceptInvitation,
  createInvitation,
  getInvitation,
  listInvitations,
  withdrawInvitation,
} from '../../api/contract/access-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as invitations from './invitation-service.ts';
import { sessionToken, setSessionCookie } from './session-cookie.ts';

export const invitationRoutes = [
  bindEndpoint(createInvitation, ({ services, principal, body, ip }) =>
    invitations.createInvitation(services, principal, body, ip),
  ),
  bindEndpoint(listInvitations, ({ services }) => invitations.listInvitations(services)),
  bindAction(withdrawInvitation, ({ services, principal, params, ip }) =>
    invitations.withdrawInvitation(services, principal, params.id, ip),
  ),
  bindEndpoint(getInvitation, ({ services, params }) => invitations.invitationView(services, params.id)),
  bindEndpoint(acceptInvitation, async ({ c, services, params, body, ip }) => {
    const { token, session } = await invitations.acceptInvitation(
      services,
      params.id,
      body,
      ip,
      sessionToken(c),
    );
    setSessionCookie(c, token, services.config.secureCookies);
    return session;
  }),
];
