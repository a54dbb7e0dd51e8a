import { z } from 'zod';
import { okSchema } from '../accounts.ts';
import {
  deliverSchema,
  importSchema,
  remoteServerSchema,
  remoteTransferSchema,
  saveRemoteServerSchema,
} from '../remote-servers.ts';
import { endpointGroup } from './endpoint-group.ts';
import { errors, notFound } from './error-sets.ts';
import { namedSet } from './named-set.ts';
import { idParams } from './params.ts';

const admin = endpointGroup('Remote servers', 'admin');
const servers = namedSet({
  group: admin,
  path: '/admin/remote-servers',
  item: remoteServerSchema,
  save: saveRemoteServerSchema,
  exists: 'remote_server_exists',
});

export const listRemoteServers = servers.list(
  'The FTP and SFTP servers assets are delivered to and imported from',
);
export const createRemoteServer = servers.create(
  'Add an FTP server (R-REMOTE-SERVERS); its password is sealed at rest and never answered',
  { 400: ['password_required', 'private_key_invalid'] },
);
export const updateRemoteServer = servers.update(
  'Change an FTP server; a password left out keeps the stored one',
  notFound,
);
export const deleteRemoteServer = servers.remove('Delete an FTP server and its transfer history');
export const testRemoteServer = servers.one.post('/test', {
  summary: 'Connect and sign in to the FTP server, then list its destination',
  response: okSchema,
  errors: { 502: ['remote_unreachable', 'remote_host_key_changed'] },
});

export const forgetRemoteHostKey = servers.one.post('/forget-host-key', {
  summary:
    'Forget the SFTP host key recorded at the first connection (R-REMOTE-SFTP): the next connection records the key it is shown',
  response: okSchema,
});

export const listRemoteTransfers = admin.get('/admin/remote-transfers', {
  summary: 'The latest deliveries and imports, newest first, with their progress',
  response: z.array(remoteTransferSchema),
});
export const deliverToRemote = admin.post('/admin/remote-transfers/deliver', {
  summary: 'Deliver assets’ originals to an FTP server’s destination, as a job with progress',
  body: deliverSchema,
  response: remoteTransferSchema,
  status: 202,
  errors: errors(notFound),
});
export const importFromRemote = admin.post('/admin/remote-transfers/import', {
  summary:
    'Import the files of a remote folder into a library folder, as a job, each through the antivirus and ingest',
  body: importSchema,
  response: remoteTransferSchema,
  status: 202,
  errors: errors(notFound),
});
export const getRemoteTransfer = admin
  .item('/admin/remote-transfers/{id}', idParams)
  .get('', { summary: 'One delivery or import and its progress', response: remoteTransferSchema });
