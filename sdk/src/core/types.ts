/**
 * The public data shapes of the Connect API (connect-protocol.md §11.5), as plain types so the published `.d.ts`
 * needs nothing else. Kept at `core/types` because consumers of the Connect SDK import types from that path.
 */

/** `{error:{code, internal_message, user_message}}`: what error callbacks receive. */
export interface ConnectError {
  error: { code: number; internal_message: string; user_message: string };
}

/** `GET /connect/info/version`. */
export interface VersionInfo {
  version: string;
  system_wide: boolean;
}

export interface TransferFile {
  bytes_expected: number;
  bytes_written: number;
  fasp_file_id: string;
  file: string;
}

/** One transfer as the client reports it. */
export interface TransferInfo {
  add_time?: string;
  aspera_connect_settings?: ConnectSpec;
  bytes_expected?: number;
  bytes_written?: number;
  calculated_rate_kbps?: number;
  current_file?: string;
  elapsed_usec?: number;
  end_time?: string;
  files?: TransferFile[];
  modify_time?: string;
  /** 0 to 1. */
  percentage?: number;
  previous_status?: string;
  remaining_usec?: number;
  start_time?: string;
  status: string;
  title?: string;
  transfer_iteration_token?: number;
  transfer_spec?: TransferSpec;
  transport?: 'fasp' | 'http';
  uuid: string;
  [field: string]: unknown;
}

/** `POST /connect/transfers/activity`: transfers with activity since `iteration_token`. */
export interface AllTransfersInfo {
  iteration_token: number;
  result_count: number;
  transfers: TransferInfo[];
}

/** What to transfer (connect-bridge.md §3); fields the client knows beyond these pass through. */
export interface TransferSpec {
  paths: { source: string; destination?: string }[];
  remote_host: string;
  direction: 'send' | 'receive';
  remote_user?: string;
  remote_password?: string;
  authentication?: 'password' | 'token';
  token?: string;
  cookie?: string;
  cipher?: 'none' | 'aes-128';
  [field: string]: unknown;
}

/** `aspera_connect_settings` of a transfer; the SDK adds app_id, request_id and back_link. */
export interface ConnectSpec {
  allow_dialogs?: boolean;
  back_link?: string;
  return_files?: boolean;
  return_paths?: boolean;
  use_absolute_destination_path?: boolean;
  [field: string]: unknown;
}

/** `{type, data}`: the MIME type and base64 bytes of a file read through the client. */
export interface FileData {
  type: string;
  data: string;
}

export interface DroppedFile {
  lastModifiedDate: string;
  name: string;
  size: number;
  type: string;
}

/** What dialogs and drops answer: the chosen files with their local paths. */
export interface DataTransferResult {
  dataTransfer: { files: DroppedFile[] };
}

/** One link of an install-manifest entry; `rel: 'enclosure'` is the installer (connect-bridge.md §3). */
export interface InstallLink {
  title: string;
  type: string;
  href: string;
  hreflang?: string | undefined;
  rel: string;
  /** Added for relative links: the link resolved against the SDK location. */
  hrefAbsolute?: string | undefined;
}

/** One client build for one OS, as `ConnectInstaller.installationJSON()` gives it. */
export interface InstallEntry {
  title: string;
  platform: { os: string; version?: string | undefined };
  navigator: { platform: string };
  version: string;
  id: string;
  updated: string;
  links: InstallLink[];
}

/** `window.connectVersions`, as `<sdkLocation>/connectversions.min.js` sets it. */
export interface InstallManifest {
  title?: string | undefined;
  updated?: string | undefined;
  entries: InstallEntry[];
}
