/**
 * The public data shapes of the Connect API (connect-protocol.md §11.5), as plain types so the published `.d.ts`
 * needs nothing else. Kept at `core/types` because consumers of the Connect SDK import types from that path.
 */

/**
 * `{error:{code, internal_message, user_message}}`: what error callbacks receive and rejected promises carry.
 *
 * @example connect.getAllTransfers({ error: (e: ConnectError) => alert(e.error.user_message) });
 */
export interface ConnectError {
  /** The error itself. */
  error: {
    /** A number: an HTTP-like status from the client (`404`, `500`…), or `-1` for a refused request. */
    code: number;
    /** For the page's logs: what went wrong, in the client's words (`'Invalid request'`, …). */
    internal_message: string;
    /** For the user: a sentence the page may show as it is. */
    user_message: string;
  };
}

/**
 * What `version()` answers (`GET /connect/info/version`).
 *
 * @example const { version } = await connect.version(); // '4.2.0'
 */
export interface VersionInfo {
  /** The Connect API level the client implements, e.g. `'4.2.0'`. */
  version: string;
  /** Whether the client is installed for every user of the machine. */
  system_wide: boolean;
}

/**
 * One file of a transfer, in {@link TransferInfo.files}.
 *
 * @example const done = info.files?.filter((f: TransferFile) => f.bytes_written === f.bytes_expected);
 */
export interface TransferFile {
  /** The file's size in bytes. */
  bytes_expected: number;
  /** Bytes moved so far. */
  bytes_written: number;
  /** The client's id of the file within the transfer. */
  fasp_file_id: string;
  /** The file's path (local for uploads, remote for downloads). */
  file: string;
}

/**
 * One transfer as the client reports it, in `getAllTransfers()` answers and `transfer` events.
 *
 * @example connect.addEventListener(Connect.EVENT.TRANSFER, (_t, all: AllTransfersInfo) => all.transfers.map((t: TransferInfo) => t.status));
 */
export interface TransferInfo {
  /** When the transfer was added (ISO 8601). */
  add_time?: string;
  /** The page settings it was started with (`app_id`, `request_id`, `back_link`…). */
  aspera_connect_settings?: ConnectSpec;
  /** Bytes to move in all. */
  bytes_expected?: number;
  /** Bytes moved so far. */
  bytes_written?: number;
  /** The current rate in kilobits per second. */
  calculated_rate_kbps?: number;
  /** The file being moved now. */
  current_file?: string;
  /** Microseconds since the transfer started. */
  elapsed_usec?: number;
  /** When it ended (ISO 8601), once it has. */
  end_time?: string;
  /** Its files, with their progress. */
  files?: TransferFile[];
  /** When it last changed (ISO 8601). */
  modify_time?: string;
  /** 0 to 1. */
  percentage?: number;
  /** The status before the current one. */
  previous_status?: string;
  /** Estimated microseconds left. */
  remaining_usec?: number;
  /** When it started moving (ISO 8601). */
  start_time?: string;
  /** One of {@link TRANSFER_STATUS}: `initiating`, `queued`, `running`, `willretry`, `completed`, `failed`, `cancelled`, `removed`. */
  status: string;
  /** A title for people, e.g. the first file's name. */
  title?: string;
  /** The activity iteration in which it last changed. */
  transfer_iteration_token?: number;
  /** The transfer spec it was started with (secrets removed). */
  transfer_spec?: TransferSpec;
  /** How its bytes move: `fasp` (UDP) or `http` (the HTTPS fallback). */
  transport?: 'fasp' | 'http';
  /** Its id: pass it to `getTransfer`, `stopTransfer`, `resumeTransfer`, `removeTransfer`. */
  uuid: string;
  /** Fields the client adds beyond these pass through. */
  [field: string]: unknown;
}

/**
 * `POST /connect/transfers/activity`: transfers with activity since `iteration_token`.
 *
 * @example const { transfers } = await connect.getAllTransfers();
 */
export interface AllTransfersInfo {
  /** Pass it back to get only what changed since (the SDK's polling does). */
  iteration_token: number;
  /** How many transfers `transfers` holds. */
  result_count: number;
  /** The transfers. */
  transfers: TransferInfo[];
}

/**
 * What to transfer (connect-bridge.md §3); fields the client knows beyond these pass through. A site's transfer
 * node hands it out (its `/files/upload_setup` and `/files/download_setup` answers); the page only forwards it.
 *
 * @example const spec: TransferSpec = { direction: 'send', remote_host: 'node.example', token, paths: [{ source: '/tmp/a.mov' }] };
 */
export interface TransferSpec {
  /** Sources and, optionally, where each lands. */
  paths: {
    /** A local path (upload) or a path on the node (download). */
    source: string;
    /** Where it lands; by default the destination root keeps the source's name. */
    destination?: string;
  }[];
  /** The transfer node's host name. */
  remote_host: string;
  /** `send` uploads to the node, `receive` downloads from it. */
  direction: 'send' | 'receive';
  /** The node's transfer user. */
  remote_user?: string;
  /** The transfer user's password (when `authentication` is `password`). */
  remote_password?: string;
  /** How the client authenticates to the node: with `remote_password` or with `token`. */
  authentication?: 'password' | 'token';
  /** The node's transfer token for these paths. */
  token?: string;
  /** An opaque string the page can find again in the transfer's info. */
  cookie?: string;
  /** Encryption of the data channel. @defaultValue `'aes-128'` */
  cipher?: 'none' | 'aes-128';
  /** Fields the client knows beyond these pass through. */
  [field: string]: unknown;
}

/**
 * `aspera_connect_settings` of a transfer; the SDK adds app_id, request_id and back_link.
 *
 * @example connect.startTransfer(spec, { allow_dialogs: false });
 */
export interface ConnectSpec {
  /** Whether the client may show its own dialogs for this transfer. @defaultValue `true` */
  allow_dialogs?: boolean;
  /** The page the client links back to. @defaultValue the page's URL */
  back_link?: string;
  /** Whether the transfer's info lists its files (`false` omits `files`). @defaultValue `true` */
  return_files?: boolean;
  /** Whether the transfer's info keeps `transfer_spec.paths` (`false` omits them). @defaultValue `true` */
  return_paths?: boolean;
  /** Whether `destination` is an absolute local path (downloads). @defaultValue `false` */
  use_absolute_destination_path?: boolean;
  /** Fields the client knows beyond these pass through. */
  [field: string]: unknown;
}

/**
 * `{type, data}`: the MIME type and base64 bytes of a file read through the client.
 *
 * @example const { type, data } = await connect.readAsArrayBuffer({ path });
 */
export interface FileData {
  /** The file's MIME type, e.g. `image/png`. */
  type: string;
  /** The bytes, base64-encoded. */
  data: string;
}

/**
 * One file chosen in a dialog or dropped on a target, with its local path as `name`.
 *
 * @example files.dataTransfer.files.map((f: DroppedFile) => f.name);
 */
export interface DroppedFile {
  /** Its modification date, as `Date.toString()` writes it. */
  lastModifiedDate: string;
  /** Its local path: pass it as a `source` in a transfer spec. */
  name: string;
  /** Its size in bytes (0 for a folder). */
  size: number;
  /** Its MIME type; `inode/directory` for a folder. */
  type: string;
}

/**
 * What dialogs and drops answer: the chosen files with their local paths.
 *
 * @example const { dataTransfer } = await connect.showSelectFileDialogPromise({});
 */
export interface DataTransferResult {
  /** Shaped like the DOM's `DataTransfer`. */
  dataTransfer: {
    /** The chosen files; empty when the user cancelled. */
    files: DroppedFile[];
  };
}

/**
 * One link of an install-manifest entry; `rel: 'enclosure'` is the installer (connect-bridge.md §3).
 *
 * @example entry.links.find((l: InstallLink) => l.rel === 'enclosure')?.hrefAbsolute;
 */
export interface InstallLink {
  /** What the link is, for people. */
  title: string;
  /** Its MIME type. */
  type: string;
  /** Where it points, possibly relative to the SDK location. */
  href: string;
  /** Its language, when it has one. */
  hreflang?: string | undefined;
  /** Its relation: `enclosure` (the installer), `documentation`, `release-notes`… */
  rel: string;
  /** Added for relative links: the link resolved against the SDK location. */
  hrefAbsolute?: string | undefined;
}

/**
 * One client build for one OS, as `ConnectInstaller.installationJSON()` gives it.
 *
 * @example installer.installationJSON((entry: InstallEntry) => console.log(entry.version));
 */
export interface InstallEntry {
  /** The build's name. */
  title: string;
  /** The OS it runs on. */
  platform: {
    /** `win32`, `mac-intel`, `linux`… */
    os: string;
    /** The oldest OS version it supports. */
    version?: string | undefined;
  };
  /** The `navigator.platform` it matches. */
  navigator: {
    /** e.g. `Win32`, `MacIntel`, `Linux x86_64`. */
    platform: string;
  };
  /** The client version. */
  version: string;
  /** A unique id of the entry. */
  id: string;
  /** When it was published (ISO 8601). */
  updated: string;
  /** Its links: installer, documentation, release notes. */
  links: InstallLink[];
}

/**
 * `window.connectVersions`, as `<sdkLocation>/connectversions.min.js` sets it.
 *
 * @example const manifest: InstallManifest = { entries: [] };
 */
export interface InstallManifest {
  /** The manifest's title. */
  title?: string | undefined;
  /** When it was published (ISO 8601). */
  updated?: string | undefined;
  /** One entry per client build. */
  entries: InstallEntry[];
}
