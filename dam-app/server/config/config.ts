import { availableParallelism, homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { PasswordPolicy } from '../../api/password-rule.ts';
import { RUNTIME_SETTING_NAMES, type RuntimeSettingName } from '../../api/runtime-settings.ts';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes'].includes(value)));

const count = (fallback: number, max = 1_000) =>
  z.coerce
    .number({ message: 'must be a whole number' })
    .int({ message: 'must be a whole number' })
    .min(0, { message: 'must be 0 or more' })
    .max(max, { message: `must be at most ${max}` })
    .optional()
    .transform((value) => value ?? fallback);

/** The largest file one browser (tus) or Drive upload may send: 100 GiB, above any asset a site keeps. */
export const DEFAULT_MAX_UPLOAD_BYTES = 100 * 1024 ** 3;

/** Every variable the DAM server reads, with its default. Names are the environment's. */
const environmentSchema = z.object({
  DAM_HOME: z.string().min(1, { message: 'must not be empty' }).optional(),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  PORT: z.coerce
    .number({ message: 'must be a port number' })
    .int({ message: 'must be a port number' })
    .min(0, { message: 'must be a port number (0–65535)' })
    .max(65_535, { message: 'must be a port number (0–65535)' })
    .optional()
    .transform((value) => value ?? 8080),
  DAM_BIND: z.string().optional().default('127.0.0.1'),
  DAM_PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
  // R-RUNTIME-SMTP: SMTP_URL pins every SMTP setting at once; each DAM_SMTP_* pins its own (runtime settings).
  SMTP_URL: z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' }).optional(),
  DAM_SMTP_HOST: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.:[\]-]*$/, { message: 'must be a host name or an IP address' })
    .max(253, { message: 'must be a host name or an IP address' })
    .optional(),
  DAM_SMTP_PORT: count(25, 65_535).pipe(z.number().min(1, { message: 'must be a port number (1–65535)' })),
  DAM_SMTP_USER: z.string().max(200, { message: 'must be at most 200 characters' }).optional().default(''),
  DAM_SMTP_PASSWORD: z
    .string()
    .max(200, { message: 'must be at most 200 characters' })
    .optional()
    .default(''),
  DAM_SMTP_TLS: flag(false),
  MAIL_FROM: z
    .string()
    .trim()
    .min(3, { message: 'must be an address, e.g. Rapid DAM <dam@example.com>' })
    .regex(/@/, { message: 'must be an address, e.g. Rapid DAM <dam@example.com>' })
    .optional()
    .default('Rapid DAM <dam@localhost>'),
  DAM_LICENSE_USERS: count(0, 10_000_000),
  DAM_PASSWORD_MIN_LENGTH: count(10, 128),
  DAM_PASSWORD_MIN_SYMBOLS: count(0, 32),
  DAM_PASSWORD_MIN_NUMBERS: count(1, 32),
  DAM_PASSWORD_MIN_UPPER: count(1, 32),
  DAM_PASSWORD_MIN_LOWER: count(1, 32),
  DAM_ALLOW_UPLOAD: flag(true),
  DAM_ALLOW_DOWNLOAD: flag(true),
  DAM_SESSION_IDLE_MINUTES: count(120, 60 * 24 * 30),
  DAM_ADMIN_PASSWORD: z.string().min(1, { message: 'must not be empty' }).optional(),
  DAM_DEMO: flag(false),
  DAM_NODES: z
    .string()
    .optional()
    .transform((value, context) => {
      const nodes: NodeEndpoint[] = [];
      for (const entry of (value ?? '')
        .split(',')
        .map((each) => each.trim())
        .filter(Boolean)) {
        const url = URL.canParse(entry) ? new URL(entry) : undefined;
        // R-NODE-PICK: a node is reached over https (443 unless the URL says otherwise); plain http only on this
        // machine's loopback, where nothing crosses a network.
        const loopback = url !== undefined && /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(url.hostname);
        if (
          !url ||
          !(url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) ||
          !url.username ||
          !url.password
        ) {
          context.addIssue({
            code: 'custom',
            message: 'must list https://user:password@host:port URLs, comma-separated',
          });
          return z.NEVER;
        }
        nodes.push({
          url: `${url.protocol}//${url.host}`,
          user: decodeURIComponent(url.username),
          password: decodeURIComponent(url.password),
        });
      }
      return nodes;
    }),
  DAM_EMBEDDED_NODE: flag(true),
  DAM_NODE_API_PORT: count(9092, 65_535),
  DAM_NODE_TRANSFER_PORT: count(33_001, 65_535),
  DAM_JOB_CONCURRENCY: count(availableParallelism(), 64).pipe(
    z.number().min(1, { message: 'must be 1 or more' }),
  ),
  DAM_RECONCILE_SECONDS: count(3600, 7 * 86_400),
  DAM_LOADING_DOCK_QUOTA_MB: count(50 * 1024, 1024 ** 3),
  DAM_LOADING_DOCK_LINKS: flag(true),
  DAM_MAX_UPLOAD_BYTES: z.coerce
    .number({ message: 'must be a whole number of bytes' })
    .int({ message: 'must be a whole number of bytes' })
    .min(1, { message: 'must be 1 or more' })
    .max(Number.MAX_SAFE_INTEGER, { message: 'must be a whole number of bytes' })
    .optional()
    .transform((value) => value ?? DEFAULT_MAX_UPLOAD_BYTES),
  // The antivirus (R-UPLOAD-SCAN): clamd's unix socket (a path) or `tcp://host:port`; unset, uploads are not scanned.
  DAM_CLAMD: z
    .string()
    .optional()
    .refine((value) => value === undefined || value.startsWith('/') || /^tcp:\/\/[^/:]+:\d+$/.test(value), {
      message: 'must be the path of clamd’s socket or tcp://host:port',
    }),
  DAM_ANTIVIRUS: flag(true),
  DAM_CLAMAV_DATABASE: z.string().optional().default('/var/lib/clamav'),
  DAM_QUARANTINE: z.string().min(1).optional(),
  // R-ARCHIVE: the archive tier; unset, a folder under DAM_HOME (storage/archive-tier.ts reads the URL).
  DAM_ARCHIVE_URL: z
    .string()
    .optional()
    .refine((value) => value === undefined || /^(s3|s3\+https?):\/\//.test(value), {
      message: 'must be s3://bucket/prefix or s3+http(s)://key:secret@host:port/bucket/prefix',
    }),
  DAM_DISK_MIN_FREE_MB: count(1024, 1024 ** 3),
  DAM_METRICS: z
    .enum(['admin', 'public'], { message: 'must be admin or public' })
    .optional()
    .default('admin'),
  DAM_SHARE_MAX_DAYS: count(90, 3650).pipe(z.number().min(1, { message: 'must be 1 or more' })),
  // The word list the shipped dictionary is loaded from at first start (Debian's wamerican); `none` ships none.
  DAM_WORD_LIST: z.string().optional().default('/usr/share/dict/american-english'),
  DAM_SCRYPT_LOG_N: count(15, 20).pipe(z.number().min(10, { message: 'must be 10 or more' })),
  // The secret remote-server passwords are sealed under; unset, one is made once in DAM_HOME/secret.key.
  DAM_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  // A test hook, never set in production: the crash-matrix tests kill the server at a named step of an operation.
  DAM_TEST_CRASH_AT: z
    .string()
    .regex(/^[a-z0-9.-]+(:[1-9][0-9]{0,5})?(,[a-z0-9.-]+(:[1-9][0-9]{0,5})?)*$/, {
      message: 'must list step-name or step-name:n, comma-separated',
    })
    .optional()
    .transform((value) =>
      value?.split(',').map((each) => {
        const [step = '', hit = '1'] = each.split(':');
        return { step, hit: Number(hit) };
      }),
    ),
});

/** A transfer node the DAM uses: its API address and the node user the server (never the browser) signs in as. */
export interface NodeEndpoint {
  url: string;
  user: string;
  password: string;
  /** SHA-256 fingerprint of its certificate, for transfer specs to pin (`sshfp`). */
  fingerprint?: string;
  /** The one certificate to trust for it (the embedded node's, self-signed); else the system's authorities. */
  ca?: string;
}

export interface DamConfig {
  home: string;
  storageRoot: string;
  databaseUrl: string | undefined;
  port: number;
  bind: string;
  publicUrl: string;
  secureCookies: boolean;
  /** R-RUNTIME-SMTP: the SMTP server mail goes to (`SMTP_URL` or the DAM_SMTP_* settings); undefined: the outbox. */
  smtp: SmtpSettings | undefined;
  mailFrom: string;
  /** Active accounts the license allows (0 = no limit). */
  licenseUsers: number;
  passwordPolicy: PasswordPolicy;
  allowUpload: boolean;
  allowDownload: boolean;
  sessionIdleMinutes: number;
  adminPassword: string | undefined;
  demo: boolean;
  /** The site's own transfer nodes (`DAM_NODES`); empty means the embedded node, when that is on. */
  nodes: NodeEndpoint[];
  /** Run a transfer node beside the server, its docroot the storage root (the default without `DAM_NODES`). */
  embeddedNode: { enabled: boolean; apiPort: number; transferPort: number };
  /** Jobs (renditions, ingests, mail) one server runs at once; defaults to the machine's cores. */
  jobConcurrency: number;
  /** Seconds between two reconciles of the storage with the index (one also runs at start-up); 0 turns both off. */
  reconcileSeconds: number;
  /** What one user's prepared downloads not yet done may hold in the loading dock, in bytes; 0: no limit. */
  loadingDockQuotaBytes: number;
  /** Docks are placed by hard links where the file system allows (`DAM_LOADING_DOCK_LINKS`); false: always copies. */
  loadingDockLinks: boolean;
  /** How far ahead an external share's expiration date may be, in days (`DAM_SHARE_MAX_DAYS`, R-SHARE-EXPIRY). */
  shareMaxDays: number;
  /** scrypt's cost is 2^logN (OWASP lists N=2^15, r=8, p=3); tests lower it to save time. */
  scryptLogN: number;
  /** The largest file a browser (tus) or Drive upload may send, in bytes (`DAM_MAX_UPLOAD_BYTES`). */
  maxUploadBytes: number;
  /** clamd (`DAM_CLAMD`): its unix socket or TCP address; undefined, uploads go on unscanned (R-UPLOAD-SCAN). */
  clamd: { socket: string } | { host: string; port: number } | undefined;
  /** Uploads are scanned when clamd is set (`DAM_ANTIVIRUS`, a runtime setting): false turns scanning off, keeping clamd's address. */
  antivirus: boolean;
  /** Where clamd's signatures are (`DAM_CLAMAV_DATABASE`): the health test reads their age there. */
  clamavDatabase: string;
  /** Infected uploads are moved here (`DAM_QUARANTINE`), outside the storage root and the areas. */
  quarantineDir: string;
  /** The secret remote-server passwords are sealed under (`DAM_SECRET`); undefined: `secretFile` holds it. */
  secret: string | undefined;
  /** Where the secret is kept when `DAM_SECRET` is unset, made at first need (shared by a cluster's DAM_HOME). */
  secretFile: string;
  /** The archive tier's object store (`DAM_ARCHIVE_URL`); undefined: a folder under the home. */
  archiveUrl: string | undefined;
  /** Below this free space (bytes, `DAM_DISK_MIN_FREE_MB`) a disk health test is red. */
  diskMinFreeBytes: number;
  /** Who may read `/metrics` (`DAM_METRICS`): administrators (default), or anyone who reaches the server. */
  metrics: 'admin' | 'public';
  /** The word list of the dictionary that ships (`DAM_WORD_LIST`, R-SHIPPED-DICTIONARY); null: none is loaded. */
  wordList: string | null;
  /** Test hook (`DAM_TEST_CRASH_AT=step:n,…`): operations stop at these steps, then the process SIGKILLs itself. */
  testCrashAt: { step: string; hit: number }[] | undefined;
  /** R-RUNTIME-SETTINGS: the runtime settings the environment sets; they hold over stored values. */
  pinned: Partial<Record<RuntimeSettingName, string>>;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((each) => `  ${each}`).join('\n')}`);
  }
}

/** Reads and checks the environment; every bad variable gets its own line in the error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): DamConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success)
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
  const e = parsed.data;
  const home = e.DAM_HOME ?? join(homedir(), '.local', 'share', 'rapid-dam');
  const publicUrl = (e.DAM_PUBLIC_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/+$/, '');
  return {
    home,
    storageRoot: join(home, 'storage'),
    databaseUrl: e.DATABASE_URL,
    port: e.PORT,
    bind: e.DAM_BIND,
    publicUrl,
    secureCookies: publicUrl.startsWith('https:'),
    smtp: smtpOf(e),
    mailFrom: e.MAIL_FROM,
    licenseUsers: e.DAM_LICENSE_USERS,
    passwordPolicy: {
      minLength: e.DAM_PASSWORD_MIN_LENGTH,
      symbols: e.DAM_PASSWORD_MIN_SYMBOLS,
      numbers: e.DAM_PASSWORD_MIN_NUMBERS,
      upper: e.DAM_PASSWORD_MIN_UPPER,
      lower: e.DAM_PASSWORD_MIN_LOWER,
    },
    allowUpload: e.DAM_ALLOW_UPLOAD,
    allowDownload: e.DAM_ALLOW_DOWNLOAD,
    sessionIdleMinutes: e.DAM_SESSION_IDLE_MINUTES,
    adminPassword: e.DAM_ADMIN_PASSWORD,
    demo: e.DAM_DEMO,
    scryptLogN: e.DAM_SCRYPT_LOG_N,
    shareMaxDays: e.DAM_SHARE_MAX_DAYS,
    maxUploadBytes: e.DAM_MAX_UPLOAD_BYTES,
    testCrashAt: e.DAM_TEST_CRASH_AT,
    clamd: clamdAddress(e.DAM_CLAMD),
    antivirus: e.DAM_ANTIVIRUS,
    clamavDatabase: e.DAM_CLAMAV_DATABASE,
    quarantineDir: e.DAM_QUARANTINE ?? join(home, 'quarantine'),
    secret: e.DAM_SECRET,
    secretFile: join(home, 'secret.key'),
    archiveUrl: e.DAM_ARCHIVE_URL,
    diskMinFreeBytes: e.DAM_DISK_MIN_FREE_MB * 1024 ** 2,
    metrics: e.DAM_METRICS,
    wordList: e.DAM_WORD_LIST === '' || e.DAM_WORD_LIST === 'none' ? null : e.DAM_WORD_LIST,
    jobConcurrency: e.DAM_JOB_CONCURRENCY,
    reconcileSeconds: e.DAM_RECONCILE_SECONDS,
    loadingDockQuotaBytes: e.DAM_LOADING_DOCK_QUOTA_MB * 1024 ** 2,
    loadingDockLinks: e.DAM_LOADING_DOCK_LINKS,
    nodes: e.DAM_NODES,
    embeddedNode: {
      enabled: e.DAM_NODES.length === 0 && e.DAM_EMBEDDED_NODE,
      apiPort: e.DAM_NODE_API_PORT,
      transferPort: e.DAM_NODE_TRANSFER_PORT,
    },
    pinned: pinnedSettings(env, e.SMTP_URL),
  };
}

/** The SMTP server mail is sent to: its address, sign-in and whether it speaks TLS from the start (smtps). */
export interface SmtpSettings {
  host: string;
  port: number;
  user: string;
  password: string;
  tls: boolean;
}

/** The settings SMTP_URL stands for, under their runtime-setting names. */
function smtpUrlSettings(smtpUrl: string): Partial<Record<RuntimeSettingName, string>> {
  const url = new URL(smtpUrl);
  const tls = url.protocol === 'smtps:';
  return {
    DAM_SMTP_HOST: url.hostname,
    DAM_SMTP_PORT: url.port || (tls ? '465' : '25'),
    DAM_SMTP_USER: decodeURIComponent(url.username),
    DAM_SMTP_PASSWORD: decodeURIComponent(url.password),
    DAM_SMTP_TLS: String(tls),
  };
}

function smtpOf(e: z.output<typeof environmentSchema>): SmtpSettings | undefined {
  const fromUrl = e.SMTP_URL ? smtpUrlSettings(e.SMTP_URL) : undefined;
  const host = fromUrl?.DAM_SMTP_HOST ?? e.DAM_SMTP_HOST;
  if (!host) return undefined;
  return {
    host,
    port: fromUrl ? Number(fromUrl.DAM_SMTP_PORT) : e.DAM_SMTP_PORT,
    user: fromUrl?.DAM_SMTP_USER ?? e.DAM_SMTP_USER,
    password: fromUrl?.DAM_SMTP_PASSWORD ?? e.DAM_SMTP_PASSWORD,
    tls: fromUrl ? fromUrl.DAM_SMTP_TLS === 'true' : e.DAM_SMTP_TLS,
  };
}

/** R-RUNTIME-SETTINGS: what the environment sets holds; SMTP_URL sets every SMTP setting. */
function pinnedSettings(env: NodeJS.ProcessEnv, smtpUrl: string | undefined) {
  const fromUrl = smtpUrl ? smtpUrlSettings(smtpUrl) : {};
  return Object.fromEntries(
    RUNTIME_SETTING_NAMES.flatMap((name) => {
      const value = env[name] ?? fromUrl[name];
      return value === undefined ? [] : [[name, value]];
    }),
  ) as Partial<Record<RuntimeSettingName, string>>;
}

function clamdAddress(value: string | undefined): DamConfig['clamd'] {
  if (value === undefined) return undefined;
  if (value.startsWith('/')) return { socket: value };
  const url = new URL(value);
  return { host: url.hostname, port: Number(url.port) };
}
