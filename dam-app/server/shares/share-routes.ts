import {
  createShare,
  getShare,
  listShares,
  openShare,
  revokeShare,
  shareFile,
  sharePreview,
  shareRapidDone,
  shareRapidSpec,
  shareThumbnail,
  shareZip,
  unlockShare,
  updateShare,
} from '../../api/contract/shares-endpoints.ts';
import { bindAction } from '../api/bind-action.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import { rangeOf, requesterOf, visitorHeaders } from '../visitors/visitor-headers.ts';
import * as rapid from './share-rapid-service.ts';
import * as recipients from './share-recipient-service.ts';
import * as shares from './share-service.ts';

export const shareRoutes = [
  bindEndpoint(listShares, ({ services, principal }) => shares.listShares(services, principal)),
  bindEndpoint(createShare, ({ services, principal, body }) => shares.createShare(services, principal, body)),
  bindEndpoint(getShare, ({ services, principal, params }) =>
    shares.getShare(services, principal, params.id),
  ),
  bindEndpoint(updateShare, ({ services, principal, params, body }) =>
    shares.updateShare(services, principal, params.id, body),
  ),
  bindAction(revokeShare, ({ services, principal, params }) =>
    shares.revokeShare(services, principal, params.id),
  ),
  bindEndpoint(openShare, ({ c, services, params, query }) => {
    visitorHeaders(c);
    return recipients.openShare(services, params.token, query.grant);
  }),
  bindEndpoint(unlockShare, ({ c, services, params, body }) => {
    visitorHeaders(c);
    return recipients.unlockShare(services, params.token, body);
  }),
  bindEndpoint(shareThumbnail, ({ c, services, params, query }) => {
    visitorHeaders(c);
    return recipients.shareRendition(services, params.token, params.assetId, 'thumbnail', query.grant);
  }),
  bindEndpoint(sharePreview, ({ c, services, params, query }) => {
    visitorHeaders(c);
    return recipients.shareRendition(services, params.token, params.assetId, 'preview', query.grant);
  }),
  bindEndpoint(shareFile, ({ c, services, params, query, ip }) => {
    visitorHeaders(c);
    return recipients.shareFile(services, params.token, params.assetId, query.grant, {
      ...rangeOf(c),
      ...requesterOf(c, ip),
    });
  }),
  bindEndpoint(shareZip, ({ c, services, params, query, ip }) => {
    visitorHeaders(c);
    return recipients.shareZip(services, params.token, query.grant, requesterOf(c, ip));
  }),
  bindEndpoint(shareRapidSpec, ({ c, services, params, query, ip }) => {
    visitorHeaders(c);
    return rapid.shareRapidSpec(services, params.token, query.grant, requesterOf(c, ip));
  }),
  bindEndpoint(shareRapidDone, ({ c, services, params, query, body }) => {
    visitorHeaders(c);
    return rapid.shareRapidDone(services, params.token, query.grant, body.cookie);
  }),
];
