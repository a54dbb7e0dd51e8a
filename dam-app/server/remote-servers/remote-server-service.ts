import type { z } from 'zod';
import { MESSAGES } from '../../api/messages.ts';
import {
  type deliverSchema,
  type importSchema,
  parseAddress,
  type RemoteServer,
  type RemoteTransfer,
  type saveRemoteServerSchema,
} from '../../api/remote-servers.ts';
import type { Principal } from '../access/principal.ts';
import { conflict, invalid, notFound } from '../api/api-error.ts';
import { audit } from '../audit/audit.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { queueJob } from '../jobs/job-payloads.ts';
import type { DamServices } from '../services.ts';
import { remoteFolder } from './ftp-session.ts';
import { type RemoteLogin, remoteUnreachable } from './remote-login.ts';
import * as queries from './remote-server-queries.ts';
import { type RemoteSession, withRemote } from './remote-session.ts';
import { open, passwordKey, seal } from './secret-box.ts';
import { privateKeyProblem } from './sftp-session.ts';

type Save = z.output<typeof saveRemoteServerSchema>;
type Row = Awaited<ReturnType<typeof queries.remoteServerRows>>[number];
type TransferRow = Awaited<ReturnType<typeof queries.remoteTransferRows>>[number];

const nameTaken = () => conflict('remote_server_exists', MESSAGES.remoteServerExists, 'name');

/** The answer: never the password, sealed or not. */
const view = (row: Row): RemoteServer => ({
  id: row.id,
  name: row.name,
  protocol: row.protocol,
  address: `${row.host}:${row.port}`,
  username: row.username,
  destination: row.destination,
  description: row.description,
  pcFormat: row.pc_format,
  hasPrivateKey: row.has_private_key,
  hostKey: row.host_key,
});

export const transferView = (row: TransferRow): RemoteTransfer => ({
  id: row.id,
  serverId: row.server_id,
  direction: row.direction,
  state: row.state,
  filesTotal: row.files_total,
  filesDone: row.files_done,
  filesRefused: row.files_refused,
  bytesDone: Number(row.bytes_done),
  error: row.error,
  createdAt: row.created_at.toISOString(),
  finishedAt: row.finished_at?.toISOString() ?? null,
});

export const listRemoteServers = async (services: DamServices) =>
  (await queries.remoteServerRows(services.db)).map(view);

async function columns(services: DamServices, body: Save): Promise<queries.RemoteServerColumns> {
  const { host, port } = parseAddress(body.address, body.protocol) as { host: string; port: number };
  const key =
    body.password === undefined && !body.privateKey ? undefined : await passwordKey(services.config);
  if (body.privateKey && privateKeyProblem(body.privateKey))
    throw invalid({ privateKey: MESSAGES.remoteKeyInvalid }, 'private_key_invalid');
  return {
    name: body.name,
    protocol: body.protocol,
    host,
    port,
    username: body.username,
    destination: remoteFolder(body.destination),
    description: body.description,
    pc_format: body.pcFormat,
    // Left out keeps the stored password.
    ...(body.password === undefined || !key ? {} : { password_sealed: seal(key, body.password) }),
    // R-REMOTE-SFTP: left out keeps the stored key, '' removes it.
    ...(body.privateKey === undefined
      ? {}
      : { private_key_sealed: body.privateKey && key ? seal(key, body.privateKey) : null }),
  };
}

async function saveRemoteServer(
  services: DamServices,
  principal: Principal,
  id: number | undefined,
  body: Save,
  ip: string,
): Promise<RemoteServer> {
  if (id === undefined && body.password === undefined && !body.privateKey)
    throw invalid(
      { password: body.protocol === 'sftp' ? MESSAGES.remotePasswordOrKey : MESSAGES.passwordEmpty },
      'password_required',
    );
  const values = await columns(services, body);
  const saved = await services.db
    .transaction()
    .execute(async (trx) => {
      const before = id === undefined ? undefined : (await queries.remoteServerRows(trx, id))[0];
      // R-REMOTE-SFTP: another address or protocol is another machine: its host key is recorded anew.
      const moved =
        before &&
        (before.host !== values.host || before.port !== values.port || before.protocol !== values.protocol);
      const savedId =
        id === undefined
          ? await queries.insertRemoteServer(trx, values)
          : await queries.updateRemoteServer(trx, id, { ...values, ...(moved ? { host_key: null } : {}) });
      if (savedId === undefined) throw id === undefined ? nameTaken() : notFound('remote server');
      await audit(trx, {
        actorId: principal.user.id,
        event: 'remote_server_saved',
        target: body.name,
        ip,
        details: {
          address: body.address,
          username: body.username,
          passwordChanged: body.password !== undefined,
          privateKeyChanged: body.privateKey !== undefined,
        },
      });
      return savedId;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? nameTaken() : error;
    });
  return view((await queries.remoteServerRows(services.db, saved))[0] as Row);
}

export const createRemoteServer = (services: DamServices, principal: Principal, body: Save, ip: string) =>
  saveRemoteServer(services, principal, undefined, body, ip);
export const updateRemoteServer = (
  services: DamServices,
  principal: Principal,
  id: number,
  body: Save,
  ip: string,
) => saveRemoteServer(services, principal, id, body, ip);

export async function deleteRemoteServer(
  services: DamServices,
  principal: Principal,
  id: number,
  ip: string,
) {
  await services.db.transaction().execute(async (trx) => {
    if (!(await queries.deleteRemoteServerRow(trx, id))) throw notFound('remote server');
    await audit(trx, { actorId: principal.user.id, event: 'remote_server_deleted', target: String(id), ip });
  });
}

/** The server's connection details with its password opened; only the connection code calls this. */
export async function remoteLogin(
  services: DamServices,
  id: number,
): Promise<RemoteLogin & { destination: string; pcFormat: boolean }> {
  const row = await queries.remoteServerLogin(services.db, id);
  if (!row) throw notFound('remote server');
  const key = await passwordKey(services.config);
  return {
    protocol: row.protocol,
    host: row.host,
    port: row.port,
    username: row.username,
    password: row.password_sealed === null ? undefined : open(key, row.password_sealed),
    privateKey: row.private_key_sealed === null ? undefined : open(key, row.private_key_sealed),
    hostKey: row.host_key,
    destination: row.destination,
    pcFormat: row.pc_format,
  };
}

type ServerLogin = Awaited<ReturnType<typeof remoteLogin>>;

/**
 * Runs `work` on a session to the server. R-REMOTE-SFTP: a first SFTP connection records the host key it was
 * shown, so every later one is checked against it.
 */
export async function withRemoteServer<T>(
  services: DamServices,
  id: number,
  work: (session: RemoteSession, login: ServerLogin) => Promise<T>,
): Promise<T> {
  const login = await remoteLogin(services, id);
  return withRemote(login, async (session) => {
    if (session.hostKey && !login.hostKey) {
      await queries.recordHostKey(services.db, id, session.hostKey);
      services.log.info('remote.host_key_recorded', { serverId: id, hostKey: session.hostKey });
    }
    return work(session, login);
  });
}

/** Connects, signs in and lists the destination: a wrong address, user or password answers the connection text. */
export async function testRemoteServer(services: DamServices, id: number): Promise<void> {
  await withRemoteServer(services, id, async (session, login) => {
    await session.checkDir(login.destination).catch((error: Error) => {
      throw remoteUnreachable(`the destination ${login.destination}: ${error.message}`);
    });
  });
}

/** R-REMOTE-SFTP: after a server was reinstalled, forgets its recorded host key; the next connection records the new one. */
export async function forgetRemoteHostKey(
  services: DamServices,
  principal: Principal,
  id: number,
  ip: string,
) {
  await services.db.transaction().execute(async (trx) => {
    if (!(await queries.forgetHostKey(trx, id))) throw notFound('remote server');
    await audit(trx, {
      actorId: principal.user.id,
      event: 'remote_host_key_forgotten',
      target: String(id),
      ip,
    });
  });
}

export async function listRemoteTransfers(services: DamServices) {
  return (await queries.remoteTransferRows(services.db)).map(transferView);
}

export async function getRemoteTransfer(services: DamServices, id: number) {
  const row = (await queries.remoteTransferRows(services.db, id, 1))[0];
  if (!row) throw notFound('remote transfer');
  return transferView(row);
}

/** A delivery of assets' originals, queued as a job in the transaction that records it. */
export async function deliver(
  services: DamServices,
  principal: Principal,
  body: z.output<typeof deliverSchema>,
  ip: string,
): Promise<RemoteTransfer> {
  const ids = [...new Set(body.assetIds)];
  const id = await services.db.transaction().execute(async (trx) => {
    if ((await queries.remoteServerRows(trx, body.serverId)).length === 0) throw notFound('remote server');
    if ((await queries.assetOriginals(trx, ids)).length < ids.length) throw notFound('asset');
    const transferId = await queries.insertRemoteTransfer(trx, {
      server_id: body.serverId,
      direction: 'deliver',
      user_id: principal.user.id,
      asset_ids: ids,
      files_total: ids.length,
    });
    await queueJob(trx, 'remote.deliver', { transferId });
    await audit(trx, {
      actorId: principal.user.id,
      event: 'remote_delivery_queued',
      target: String(body.serverId),
      ip,
      details: { assetIds: ids },
    });
    return transferId;
  });
  services.jobs.kick();
  return getRemoteTransfer(services, id);
}

/** An import of a remote folder's files into a library folder, queued as a job. */
export async function importFiles(
  services: DamServices,
  principal: Principal,
  body: z.output<typeof importSchema>,
  ip: string,
): Promise<RemoteTransfer> {
  if (!(await services.tree.isDirectory(body.folderPath))) throw notFound('folder');
  const id = await services.db.transaction().execute(async (trx) => {
    if ((await queries.remoteServerRows(trx, body.serverId)).length === 0) throw notFound('remote server');
    const transferId = await queries.insertRemoteTransfer(trx, {
      server_id: body.serverId,
      direction: 'import',
      user_id: principal.user.id,
      remote_path: body.remotePath,
      folder_path: body.folderPath,
    });
    await queueJob(trx, 'remote.import', { transferId });
    await audit(trx, {
      actorId: principal.user.id,
      event: 'remote_import_queued',
      target: String(body.serverId),
      ip,
      details: { remotePath: body.remotePath, folderPath: body.folderPath },
    });
    return transferId;
  });
  services.jobs.kick();
  return getRemoteTransfer(services, id);
}
