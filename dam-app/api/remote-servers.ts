import { z } from 'zod';
import { DB_INT_MAX, dbId, dbString, storablePath } from './db-safe.ts';
import { MESSAGES } from './messages.ts';

/** R-REMOTE-SERVERS: the example address the server form shows, with its example port. */
export const REMOTE_EXAMPLE_ADDRESS = 'ftp.example.com:55555';
/** The port an address without one connects to (FTP's own, for FTP and explicit FTPS). */
export const FTP_DEFAULT_PORT = 21;
/** R-REMOTE-SFTP: SSH's port, for an SFTP address without one. */
export const SFTP_DEFAULT_PORT = 22;
export const REMOTE_PROTOCOLS = ['ftp', 'ftps', 'sftp'] as const;
export type RemoteProtocol = (typeof REMOTE_PROTOCOLS)[number];
/** A delivery sends at most this many assets (one job, one connection). */
export const DELIVERY_MAX_ASSETS = 1_000;

const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** `host` or `host:port` (a port 1–65535) into its parts, the protocol's port unless told; undefined when neither. */
export function parseAddress(
  address: string,
  protocol: RemoteProtocol = 'ftp',
): { host: string; port: number } | undefined {
  const match = /^([^:\s]+)(?::(\d{1,5}))?$/.exec(address.trim());
  if (!match?.[1] || match[1].length > 253 || !HOST.test(match[1])) return undefined;
  const byDefault = protocol === 'sftp' ? SFTP_DEFAULT_PORT : FTP_DEFAULT_PORT;
  const port = match[2] === undefined ? byDefault : Number(match[2]);
  return port >= 1 && port <= 65_535 ? { host: match[1], port } : undefined;
}

/** A remote folder path: `/`-separated, no `..` segment, no control character. */
const remoteFolder = dbString()
  .trim()
  .max(1_000)
  .refine(
    (path) => ![...path].some((char) => char.charCodeAt(0) < 0x20) && !path.split('/').includes('..'),
    MESSAGES.badRequest,
  );

/**
 * What an administrator saves (R-REMOTE-SERVERS); `password` left out keeps the stored one. R-REMOTE-SFTP: an SFTP
 * server may carry an unencrypted private key (OpenSSH or PEM), kept the same way; '' removes the stored key.
 */
export const saveRemoteServerSchema = z
  .strictObject({
    name: dbString().trim().min(1, MESSAGES.requiredEmpty).max(100),
    protocol: z.enum(REMOTE_PROTOCOLS).default('ftp'),
    address: z
      .string()
      .trim()
      .min(1, MESSAGES.requiredEmpty)
      .max(260)
      .refine((value) => parseAddress(value) !== undefined, MESSAGES.remoteAddressInvalid),
    username: dbString().trim().min(1, MESSAGES.requiredEmpty).max(200),
    password: dbString().min(1, MESSAGES.passwordEmpty).max(500).optional(),
    destination: remoteFolder.default('/'),
    description: dbString().max(2_000).default(''),
    /** Names sent in PC format: characters Windows refuses become `_` (R-REMOTE-PC-FORMAT). */
    pcFormat: z.boolean().default(false),
    privateKey: dbString().max(20_000).optional(),
  })
  .refine((body) => !body.privateKey || body.protocol === 'sftp', {
    path: ['privateKey'],
    message: MESSAGES.remoteKeyOnlySftp,
  });
export type SaveRemoteServer = z.input<typeof saveRemoteServerSchema>;

export const remoteServerSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    protocol: z.enum(REMOTE_PROTOCOLS),
    address: z.string(),
    username: z.string(),
    destination: z.string(),
    description: z.string(),
    pcFormat: z.boolean(),
    /** R-REMOTE-SFTP: it signs in with a stored private key. */
    hasPrivateKey: z.boolean(),
    /** R-REMOTE-SFTP: the host key's `SHA256:…` fingerprint recorded at the first connection; null before. */
    hostKey: z.string().nullable(),
  })
  .meta({ id: 'RemoteServer' });
export type RemoteServer = z.infer<typeof remoteServerSchema>;

/** `serverId` missing is "Source URL is required" (R-REMOTE-SERVERS): a delivery or import names its server. */
const serverId = z
  .number({ error: MESSAGES.sourceUrlRequired })
  .int(MESSAGES.sourceUrlRequired)
  .min(1, MESSAGES.sourceUrlRequired)
  .max(DB_INT_MAX, MESSAGES.sourceUrlRequired);

export const deliverSchema = z.strictObject({
  serverId,
  assetIds: z.array(dbId()).min(1).max(DELIVERY_MAX_ASSETS),
});
export type Deliver = z.input<typeof deliverSchema>;

export const importSchema = z.strictObject({
  serverId,
  /** The remote folder, under the server's destination ('' is the destination itself). */
  remotePath: remoteFolder.default(''),
  /** The library folder the files become assets in (storage-relative). */
  folderPath: storablePath().transform((path) => path.replace(/^\/+|\/+$/g, '')),
});
export type ImportFromRemote = z.input<typeof importSchema>;

export const remoteTransferSchema = z
  .object({
    id: z.number(),
    serverId: z.number(),
    direction: z.enum(['deliver', 'import']),
    state: z.enum(['queued', 'running', 'done', 'failed']),
    filesTotal: z.number(),
    filesDone: z.number(),
    /** Files the antivirus refused (an import). */
    filesRefused: z.number(),
    bytesDone: z.number(),
    error: z.string().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  })
  .meta({ id: 'RemoteTransfer' });
export type RemoteTransfer = z.infer<typeof remoteTransferSchema>;
