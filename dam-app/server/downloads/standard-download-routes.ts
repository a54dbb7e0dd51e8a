import { downloadFile, downloadZip } from '../../api/contract/download-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as downloads from './download-service.ts';

export const standardDownloadRoutes = [
  bindEndpoint(downloadFile, ({ c, services, principal, query }) =>
    downloads.fileDownload(services, principal, query.path, {
      range: c.req.header('range'),
      ifRange: c.req.header('if-range'),
    }),
  ),
  bindEndpoint(downloadZip, ({ c, services, principal, query }) =>
    downloads.zipDownload(services, principal, query.path, query.name, {
      range: c.req.header('range'),
      ifRange: c.req.header('if-range'),
    }),
  ),
];
