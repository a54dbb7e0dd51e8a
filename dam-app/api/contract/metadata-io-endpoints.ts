import { z } from 'zod';
import {
  exportRequestSchema,
  importPreviewSchema,
  importQuerySchema,
  metadataImportSchema,
} from '../metadata-io.ts';
import { endpointGroup } from './endpoint-group.ts';
import { errors, forbidden, notFound } from './error-sets.ts';
import { idParams } from './params.ts';

const metadata = endpointGroup('Metadata import and export', 'user');
const importErrors = errors(forbidden, {
  400: ['unreadable_file', 'no_match_column', 'import_too_large'],
});

export const previewMetadataImport = metadata.post('/metadata/imports/preview', {
  summary:
    'What importing the file (the request body; format, encoding and match in the query) would change, row by row; nothing changes',
  query: importQuerySchema,
  accepts: 'binary',
  response: importPreviewSchema,
  errors: importErrors,
});
export const startMetadataImport = metadata.post('/metadata/imports', {
  summary: 'Import the file’s metadata as a job: the import starts in the state "starting"',
  query: importQuerySchema,
  accepts: 'binary',
  response: metadataImportSchema,
  status: 202,
  errors: importErrors,
});
export const listMetadataImports = metadata.get('/metadata/imports', {
  summary: 'The person’s last 50 metadata imports, newest first, with their states and row errors',
  response: z.array(metadataImportSchema),
});
export const getMetadataImport = metadata.item('/metadata/imports/{id}', idParams).get('', {
  summary: 'One metadata import: its state, counts and row errors',
  response: metadataImportSchema,
});
export const exportMetadata = metadata.post('/metadata/export', {
  summary:
    'The form values of a selection, a folder or a search as a file in the chosen format and encoding (at most 100,000 assets)',
  body: exportRequestSchema,
  response: z.string().meta({ format: 'binary' }),
  produces: 'application/octet-stream',
  errors: errors(notFound, { 400: ['export_too_large', 'not_encodable'] }),
});
export const fileWithMetadata = metadata.item('/metadata/assets/{id}/file', idParams).get('', {
  summary:
    'The asset’s original with its description, keywords and form values embedded in its XMP and IPTC (by exiftool)',
  response: z.string().meta({ format: 'binary' }),
  produces: 'application/octet-stream',
});
