import {
  createPortal,
  deletePortal,
  listPortals,
  openPortal,
  portalDownloads,
  portalFavicon,
  portalFile,
  portalLogo,
  portalRapidDone,
  portalRapidSpec,
  portalRendition,
  portalThumbnail,
  portalZip,
  publishPortal,
  unlockPortal,
  unpublishPortal,
  updatePortal,
} from '../../api/contract/portals-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import { rangeOf, requesterOf, visitorHeaders } from '../visitors/visitor-headers.ts';
import * as rapid from './portal-rapid-service.ts';
import * as portals from './portal-service.ts';
import * as visitors from './portal-visitor-service.ts';

export const portalRoutes = [
  bindEndpoint(listPortals, ({ services, principal }) => portals.listPortals(services, principal)),
  bindEndpoint(createPortal, ({ services, principal, body }) =>
    portals.createPortal(services, principal, body),
  ),
  bindEndpoint(updatePortal, ({ services, principal, params, body }) =>
    portals.updatePortal(services, principal, params.id, body),
  ),
  bindEndpoint(publishPortal, ({ services, principal, params }) =>
    portals.publishPortal(services, principal, params.id, true),
  ),
  bindEndpoint(unpublishPortal, ({ services, principal, params }) =>
    portals.publishPortal(services, principal, params.id, false),
  ),
  bindEndpoint(portalDownloads, ({ services, principal, params }) =>
    portals.listPortalDownloads(services, principal, params.id),
  ),
  bindAction(deletePortal, ({ services, principal, params }) =>
    portals.deletePortal(services, principal, params.id),
  ),
  bindEndpoint(openPortal, ({ c, services, params, query }) => {
    visitorHeaders(c);
    return visitors.openPortal(services, params.token, query);
  }),
  bindEndpoint(unlockPortal, ({ c, services, params, body }) => {
    visitorHeaders(c);
    return visitors.unlockPortal(services, params.token, body);
  }),
  bindEndpoint(portalThumbnail, ({ c, services, params, query }) => {
    visitorHeaders(c);
    return visitors.portalThumbnail(services, params.token, params.assetId, query.grant);
  }),
  bindEndpoint(portalFile, ({ c, services, params, query, ip }) => {
    visitorHeaders(c);
    return visitors.portalFile(services, params.token, params.assetId, query.grant, {
      ...rangeOf(c),
      ...requesterOf(c, ip),
    });
  }),
  bindEndpoint(portalZip, ({ c, services, params, query, ip }) => {
    visitorHeaders(c);
    return visitors.portalZip(services, params.token, query, requesterOf(c, ip));
  }),
  bindEndpoint(portalLogo, ({ c, services, params }) => {
    visitorHeaders(c);
    return visitors.portalImage(services, params.token, 'logo');
  }),
  bindEndpoint(portalFavicon, ({ c, services, params }) => {
    visitorHeaders(c);
    return visitors.portalImage(services, params.token, 'favicon');
  }),
  bindEndpoint(portalRendition, ({ c, services, params, query, ip }) => {
    visitorHeaders(c);
    return visitors.portalRenditionFile(
      services,
      params.token,
      params.assetId,
      params.name,
      query.grant,
      requesterOf(c, ip),
    );
  }),
  bindEndpoint(portalRapidSpec, ({ c, services, params, query, ip }) => {
    visitorHeaders(c);
    return rapid.portalRapidSpec(services, params.token, query, requesterOf(c, ip));
  }),
  bindEndpoint(portalRapidDone, ({ c, services, params, query, body }) => {
    visitorHeaders(c);
    return rapid.portalRapidDone(services, params.token, query.grant, body.cookie);
  }),
];
