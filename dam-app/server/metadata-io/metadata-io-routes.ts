import {
  exportMetadata,
  fileWithMetadata,
  getMetadataImport,
  listMetadataImports,
  previewMetadataImport,
  startMetadataImport,
} from '../../api/contract/metadata-io-endpoints.ts';
import { bindEndpoint } from '../api/bind-endpoint.ts';
import * as metadataIo from './metadata-io-service.ts';

export const metadataIoRoutes = [
  bindEndpoint(previewMetadataImport, ({ c, services, principal, query }) =>
    metadataIo.previewImport(services, principal, query, c.req.raw.body),
  ),
  bindEndpoint(startMetadataImport, ({ c, services, principal, query }) =>
    metadataIo.startImport(services, principal, query, c.req.raw.body),
  ),
  bindEndpoint(listMetadataImports, ({ services, principal }) => metadataIo.listImports(services, principal)),
  bindEndpoint(getMetadataImport, ({ services, principal, params }) =>
    metadataIo.getImport(services, principal, params.id),
  ),
  bindEndpoint(fileWithMetadata, ({ services, principal, params }) =>
    metadataIo.fileWithMetadata(services, principal, params.id),
  ),
  bindEndpoint(exportMetadata, ({ services, principal, body }) =>
    metadataIo.exportMetadata(services, principal, body),
  ),
];
