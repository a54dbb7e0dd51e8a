import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string, string>;

/** A column that may be null and may be left out of an insert. */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** The user fields of R-USER-FIELDS that a person edits on their own account. */
export const PROFILE_COLUMNS = [
  'email',
  'first_name',
  'mi',
  'last_name',
  'company',
  'position',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'country',
  'phone',
  'ext',
  'dept',
  'icon',
] as const;
export type ProfileColumn = (typeof PROFILE_COLUMNS)[number];

export interface UsersTable extends Record<ProfileColumn, Nullable<string>> {
  id: Generated<number>;
  username: string;
  password_hash: Nullable<string>;
  /** `active` can log in; `pending` waits for its activation code; `disabled` is kept but cannot log in. */
  status: 'active' | 'pending' | 'disabled';
  is_admin: Generated<boolean>;
  /** root, nologin and guest: built in, never deleted (R-SPECIAL-USERS). */
  special: Nullable<'root' | 'nologin' | 'guest'>;
  activation_code_hash: Nullable<string>;
  current_acl_id: Nullable<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface GroupsTable {
  id: Generated<number>;
  name: string;
  description: string;
  created_at: CreatedAt;
}

export interface GroupMembersTable {
  group_id: number;
  user_id: number;
}

export interface AclsTable {
  id: Generated<number>;
  name: string;
  /** Relative to the storage root, without leading or trailing slashes ('' is the whole root). */
  root_path: string;
  permissions: string[];
  created_at: CreatedAt;
  /** The current-ACL relative path permission (R-ACL-RELATIVE-PATH): without it no accelerated transfer starts. */
  relative_path_held: Generated<boolean>;
  /** The relative path when it is not the ACL's root (relative to the storage root); null: the root. */
  relative_path: string | null;
}

/** Who holds an ACL: a user directly, or every member of a group. */
export interface AclGrantsTable {
  acl_id: number;
  user_id: number | null;
  group_id: number | null;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token: a leaked table does not give usable sessions. */
  id: string;
  user_id: number;
  csrf_token: string;
  admin_mode: Generated<boolean>;
  created_at: CreatedAt;
  last_seen_at: Timestamp;
}

export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  key_hash: string;
  /** The key's first characters, shown in lists so a person can tell keys apart. */
  prefix: string;
  created_at: CreatedAt;
  last_used_at: Timestamp | null;
}

export interface InvitationsTable {
  id: string;
  email: string;
  default_group_id: number | null;
  invited_by: number | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  deleted_at: Timestamp | null;
  accepted_user_id: number | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  /** The lower-cased user name or email tried, so guessing one account is limited whatever the address. */
  login: string;
  ip: string;
  ok: boolean;
  at: CreatedAt;
}

/** One login (or activation) attempt, claimed before its secret is checked (migration 0007). */
export interface LoginThrottleTable {
  id: Generated<string>;
  /** `user:<id>` for an account that exists (whatever identifier was typed), else the identifier as typed. */
  account: string;
  ip: string;
  outcome: ColumnType<'pending' | 'ok' | 'failed', 'pending' | 'ok' | 'failed' | undefined>;
  at: ColumnType<Date, Date | undefined, Date>;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: CreatedAt;
  actor_id: number | null;
  event: string;
  target: string | null;
  ip: string | null;
  details: Json;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  payload: Json;
  run_at: Timestamp;
  attempts: Generated<number>;
  locked_until: Timestamp | null;
  /** The intent owner (server process) that claimed it: its death frees the job at once (migration 0028). */
  locked_by: Generated<number | null>;
  done_at: Timestamp | null;
  failed_at: Timestamp | null;
  last_error: string | null;
  /** Set on a scheduled job's occurrences: one pending at a time (unique among pending jobs). */
  schedule_key: string | null;
  created_at: CreatedAt;
}

export interface UploadSessionsTable {
  /** The R-TRANSFER-COOKIE transfer cookie the pre-transfer handler made: unique per upload, and the node's tag for it. */
  cookie: string;
  user_id: number;
  node_url: string;
  /** Storage-relative folder the node was told to write into. */
  destination: string;
  file_count: number;
  created_at: CreatedAt;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  error_code: number | null;
  error_message: string | null;
  /** R-UPLOAD-CANCELLED: the file cancelled_upload named. */
  cancelled_filename: string | null;
  /** R-WORKSPACE-UPLOAD-FORM: the workspace the upload was started in, one the person's groups see (migration 0045). */
  workspace_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface UploadFilesTable {
  cookie: string;
  /** Storage-relative path of a file the node reported completed. */
  path: string;
  transfer_id: string;
  created_at: CreatedAt;
  /** Migration 0044: the asset its ingest made or versioned (null until then, or for a file that is none). */
  asset_id: Nullable<number>;
  /** Migration 0044: when it was ingested, refused by the antivirus, or found to be no asset file. */
  settled_at: Nullable<Date>;
}

export type AssetStatus = 'active' | 'missing' | 'trashed';
export type AssetKind = 'image' | 'video' | 'audio' | 'pdf' | 'document' | 'other';

export interface FoldersTable {
  id: Generated<number>;
  /** Relative to the storage root, without leading or trailing slashes ('' is the root). */
  path: string;
  created_at: CreatedAt;
}

export interface AssetsTable {
  id: Generated<number>;
  /** null only for a trashed asset whose folder was deleted: restore recreates the folder from `path`. */
  folder_id: Nullable<number>;
  path: string;
  name: string;
  file_name: string;
  description: Generated<string>;
  file_type: Generated<string>;
  mime_type: Generated<string>;
  kind: Generated<AssetKind>;
  /** bigint: pg answers with a string. */
  size: ColumnType<string, number | string, number | string>;
  content_hash: string;
  width: Nullable<number>;
  height: Nullable<number>;
  color_profile: Nullable<string>;
  aspect_ratio: Nullable<string>;
  date_created: Timestamp;
  date_added: CreatedAt;
  updated_at: Timestamp;
  keywords: ColumnType<string[], string[] | undefined, string[]>;
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  status: Generated<AssetStatus>;
  rendition_state: Generated<'pending' | 'done' | 'failed'>;
  trash_key: Nullable<string>;
  trashed_at: Nullable<Date>;
  checked_out_by: Nullable<number>;
  checked_out_at: Nullable<Date>;
  version_number: Generated<number>;
  search: ColumnType<string, never, never>;
  keyword_search: ColumnType<string, string | undefined, string>;
  /** R-HOME: who uploaded it (migration 0041); null for a file found in the tree. */
  uploaded_by: Generated<number | null>;
}

export interface RenditionsTable {
  asset_id: number;
  name: string;
  storage_key: string;
  mime_type: string;
  width: number | null;
  height: number | null;
  size: ColumnType<string, number | string, number | string>;
  content_hash: string;
  created_at: CreatedAt;
}

export type VersionCategory = 'Parent' | 'Peer' | 'Named';
export type VersioningState = 'started' | 'in progress' | 'completed' | 'failed';

export interface AssetVersionsTable {
  id: Generated<number>;
  asset_id: number;
  number: number;
  name: Generated<string>;
  comment: Generated<string>;
  message: Generated<string>;
  category: VersionCategory;
  file_name: string;
  size: ColumnType<string, number | string, number | string>;
  content_hash: string;
  storage_key: string;
  metadata: ColumnType<Record<string, unknown>, string | undefined, string>;
  state: Generated<VersioningState>;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface CollectionsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  owner_id: number;
  shared_group_id: Nullable<number>;
  modifiable: Generated<boolean>;
  public: Generated<boolean>;
  bundle: Generated<boolean>;
  expires_at: Nullable<Date>;
  created_at: CreatedAt;
}

export interface CollectionAssetsTable {
  collection_id: number;
  asset_id: number;
  added_at: CreatedAt;
}

export interface CartsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  created_at: CreatedAt;
}

export interface CartAssetsTable {
  cart_id: number;
  asset_id: number;
  position: number;
}

export interface SavedSearchesTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  description: Generated<string>;
  public: Generated<boolean>;
  query: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
}

export interface LoadingDocksTable {
  id: Generated<number>;
  notification_id: string;
  owner_id: number;
  /** What the dock holds or will hold, one item per file (loading-dock/dock-items.ts). */
  files: ColumnType<LoadingDockItem[], string, string>;
  total_size: ColumnType<string, number | string, number | string>;
  created_at: CreatedAt;
  done_at: Nullable<Date>;
  /** `preparing` until the placement job has run, `converting` while it waits for conversions (migration 0012). */
  state: ColumnType<LoadingDockState, LoadingDockState | undefined, LoadingDockState>;
  /** The dock's folder, storage-relative (`LoadingDock/<notification id>`); null for docks from before 0012. */
  folder: Nullable<string>;
  /** Bytes placed so far, for the screen's progress. */
  placed_size: ColumnType<string, number | string | undefined, number | string>;
}

export type LoadingDockState = 'preparing' | 'converting' | 'ready' | 'failed';

/** One file of a dock: where it comes from, its name in the dock, and how its placement went. */
export interface LoadingDockItem {
  assetId: number;
  /** Storage-relative path of the file in the dock (for docks from before 0012: a key in the old area). */
  key: string;
  /** Its name in the dock and at the destination, `name (2).ext` when two share a name. */
  fileName: string;
  size: number;
  /** The original's storage-relative path. */
  source?: string;
  /** A conversion preset: the file placed is the conversion's output. */
  presetId?: number | null;
  /** A file made for the dock in the conversions area (an exported clip): placed from there. */
  sourceKey?: string;
  state?: 'pending' | 'placed' | 'failed';
  /** Why a failed item failed, as a person reads it. */
  message?: string;
  /** Tries that failed for a passing reason so far (the placement gives up after PLACE_ATTEMPTS). */
  attempts?: number;
}

/** An operation on files and rows under way (or left half done by a dead server): see db/migrations/0006. */
export interface OperationIntentsTable {
  id: Generated<number>;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  /** Storage-relative paths the operation changes: a reconcile leaves them alone while the intent is pending. */
  paths: string[];
  owner: number;
  created_at: CreatedAt;
}

export interface ConversionPresetsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  kind: 'image' | 'video' | 'audio';
  /** Everything of the preset but its name, description and kind (api/conversions.ts `presetSchema`). */
  settings: ColumnType<Record<string, unknown>, string, string>;
  revision: Generated<number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** One asset version converted with one preset: the cache (db/migrations/0013). */
export interface ConversionsTable {
  version_id: number;
  preset_id: number;
  preset_revision: number;
  state: 'converting' | 'ready' | 'failed';
  storage_key: Nullable<string>;
  file_name: Nullable<string>;
  media_type: Nullable<string>;
  size: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  error: Nullable<string>;
  updated_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  acls: AclsTable;
  acl_grants: AclGrantsTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  invitations: InvitationsTable;
  password_resets: PasswordResetsTable;
  login_attempts: LoginAttemptsTable;
  login_throttle: LoginThrottleTable;
  audit_log: AuditLogTable;
  jobs: JobsTable;
  upload_sessions: UploadSessionsTable;
  upload_files: UploadFilesTable;
  folders: FoldersTable;
  assets: AssetsTable;
  renditions: RenditionsTable;
  asset_versions: AssetVersionsTable;
  collections: CollectionsTable;
  collection_assets: CollectionAssetsTable;
  carts: CartsTable;
  cart_assets: CartAssetsTable;
  saved_searches: SavedSearchesTable;
  loading_docks: LoadingDocksTable;
  operation_intents: OperationIntentsTable;
  conversion_presets: ConversionPresetsTable;
  conversions: ConversionsTable;
  platform_settings: PlatformSettingsTable;
  feeds: FeedsTable;
  upload_scans: UploadScansTable;
  external_shares: ExternalSharesTable;
  external_share_assets: ExternalShareAssetsTable;
  external_share_downloads: ExternalShareDownloadsTable;
  external_share_file_completions: ExternalShareFileCompletionsTable;
  notifications: NotificationsTable;
  notification_subscriptions: NotificationSubscriptionsTable;
  notification_settings: NotificationSettingsTable;
  tasks: TasksTable;
  dictionaries: DictionariesTable;
  dictionary_words: DictionaryWordsTable;
  forms: FormsTable;
  form_assignments: FormAssignmentsTable;
  form_dictionaries: FormDictionariesTable;
  request_approvers: RequestApproversTable;
  download_requests: DownloadRequestsTable;
  download_request_items: DownloadRequestItemsTable;
  video_cue_points: VideoCuePointsTable;
  video_clips: VideoClipsTable;
  upload_locks: UploadLocksTable;
  dam_servers: DamServersTable;
  portals: PortalsTable;
  portal_sources: PortalSourcesTable;
  portal_downloads: PortalDownloadsTable;
  workflows: WorkflowsTable;
  workflow_runs: WorkflowRunsTable;
  workflow_folders: WorkflowFoldersTable;
  workflow_permissions: WorkflowPermissionsTable;
  stamps: StampsTable;
  // issue 30, ops
  workspaces: WorkspacesTable;
  themes: ThemesTable;
  workspace_groups: WorkspaceGroupsTable;
  asset_comments: AssetCommentsTable;
  comment_mentions: CommentMentionsTable;
  // issue 29, metadata import
  metadata_imports: MetadataImportsTable;
  // issue 30, remote servers
  remote_servers: RemoteServersTable;
  remote_transfers: RemoteTransfersTable;
  configuration_leases: ConfigurationLeasesTable;
  // issue 30, archive
  asset_archives: AssetArchivesTable;
  // issue 29, stamp undo (migration 0039)
  stamp_runs: StampRunsTable;
  stamp_run_assets: StampRunAssetsTable;
  // issue 30, Home (migration 0041)
  home_visits: HomeVisitsTable;
}

/** R-HOME (migration 0041): a person's visits to a workspace's Home; `workspace_key` 0 is the default workspace. */
export interface HomeVisitsTable {
  user_id: number;
  workspace_key: number;
  seen_at: Date;
  /** Where "changed since your last visit" starts: the visit before this one (null before a second visit). */
  since: Date | null;
}

/** R-STAMP-UNDO (migration 0039): a stamp applied, with the values it wrote. */
export interface StampRunsTable {
  id: Generated<number>;
  stamp_id: number | null;
  stamp_name: string;
  actor_id: number | null;
  values: ColumnType<Record<string, string>, string, string>;
  created_at: CreatedAt;
  undone_at: Timestamp | null;
}

/** An asset a stamp run changed, with its fields' values before the run ('' for none). */
export interface StampRunAssetsTable {
  run_id: number;
  asset_id: number;
  before: ColumnType<Record<string, string>, string, string>;
}

/**
 * An RSS or Atom feed of what its owner may see in one folder, collection or saved search (migration 0017, which also
 * adds `assets.metadata_edited_at`, set by a trigger and read only by the feeds' SQL: it is left out of `AssetsTable`
 * so asset rows keep their shape).
 */
export interface FeedsTable {
  id: Generated<number>;
  owner_id: number;
  acl_id: number;
  name: string;
  type: 'rss' | 'atom';
  source_kind: 'folder' | 'collection' | 'saved_search';
  source_id: number;
  events: string[];
  sort: 'newest' | 'oldest';
  time_frame_days: number;
  active: Generated<boolean>;
  key_hash: string;
  key_prefix: string;
  /** Shown by readers under the feed's title (RSS channel description, Atom subtitle). */
  description: Generated<string>;
  /** The HTTP status the last reader's fetch was answered with, and when. */
  last_status: Nullable<number>;
  last_fetched_at: Nullable<Date>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Migration 0029: a hash of the items last served, and the Last-Modified they were given. */
  served_tag: Nullable<string>;
  served_modified: Nullable<Date>;
}

/** R-UPLOAD-SCAN: one antivirus scan of an upload (migration 0021). */
export interface UploadScansTable {
  id: Generated<number>;
  path: string;
  user_id: number | null;
  via: string;
  result: 'clean' | 'infected' | 'unscanned';
  signature: string | null;
  reason: string | null;
  quarantine_path: string | null;
  scanned_at: Generated<Date>;
  /** Migration 0033 (R-QUARANTINE): what an administrator's rescan or delete made of it; null while it waits. */
  resolution: Nullable<'released' | 'clean' | 'deleted'>;
  resolved_at: Nullable<Date>;
}

/** R-PLATFORM-SETTINGS: a setting an administrator changed (a missing row reads as its default). */
export interface PlatformSettingsTable {
  name: string;
  value: string;
  updated_at: Generated<Date>;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Acl = Selectable<AclsTable>;
export type LoadingDock = Selectable<LoadingDocksTable>;
export type Group = Selectable<GroupsTable>;
export type Asset = Selectable<AssetsTable>;
export type Folder = Selectable<FoldersTable>;

/** An external share (R-SHARE): its token and password are stored hashed only. */
export interface ExternalSharesTable {
  id: Generated<number>;
  owner_id: number;
  acl_id: number | null;
  name: string;
  message: Generated<string>;
  recipients: ColumnType<string[], string[] | undefined, string[]>;
  licensing_text: Generated<string>;
  token_hash: string;
  password_hash: string | null;
  /** Signs the grants a recipient's page holds once the password is right and the licence accepted. */
  grant_secret: string;
  expires_at: Timestamp;
  /** null: no maximum. */
  max_downloads: number | null;
  download_count: Generated<number>;
  revoked_at: Nullable<Date>;
  source: 'selection' | 'collection' | 'cart';
  failed_attempts: Generated<number>;
  attempts_since: Nullable<Date>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface ExternalShareAssetsTable {
  share_id: number;
  asset_id: number;
  position: number;
  file_name: string;
}

export interface ExternalShareDownloadsTable {
  id: Generated<number>;
  share_id: number;
  visit: string;
  method: 'http-zip' | 'http-files' | 'rapid';
  ip: Generated<string>;
  user_agent: Generated<string>;
  started_at: CreatedAt;
  completed_at: Nullable<Date>;
  counted: Generated<boolean>;
  /** A Rapid download's transfer cookie and node: what the node's records are asked about. */
  cookie: Nullable<string>;
  node_url: Nullable<string>;
}

export interface ExternalShareFileCompletionsTable {
  download_id: number;
  asset_id: number;
}

export type ExternalShare = Selectable<ExternalSharesTable>;
/** R-NOTIFY: one notification of one person (migration 0018). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  subject: string;
  actor_id: Nullable<number>;
  target_kind: Nullable<string>;
  target_id: Nullable<string>;
  /** The loading dock's notificationId, for a dock's own notification. */
  key: Nullable<string>;
  created_at: CreatedAt;
  read_at: Nullable<Date>;
  mailed_at: Nullable<Date>;
}

export interface NotificationSubscriptionsTable {
  user_id: number;
  target: 'folder' | 'collection' | 'asset';
  target_id: number;
  created_at: CreatedAt;
}

export interface NotificationSettingsTable {
  user_id: number;
  mail: 'off' | 'immediate' | 'daily';
  /** Per type, where it differs from `mail` (migration 0038). */
  types: ColumnType<Record<string, 'off' | 'immediate' | 'daily'>, string | undefined, string>;
  language: Generated<'en' | 'fr'>;
  digested_at: Nullable<Date>;
  updated_at: Generated<Date>;
}

/** Issue 28: an action waiting on a person (R-MY-TASKS). */
export interface TasksTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  title: string;
  status: Generated<'Scheduled' | 'Completed' | 'Error'>;
  due_at: Nullable<Date>;
  target_kind: Nullable<string>;
  target_id: Nullable<string>;
  source: string;
  created_at: CreatedAt;
  completed_at: Nullable<Date>;
}

/** R-DICTIONARIES (db/migrations/0020). */
export interface DictionariesTable {
  id: Generated<number>;
  name: string;
  shipped: Generated<boolean>;
  created_at: CreatedAt;
}
export interface DictionaryWordsTable {
  dictionary_id: number;
  word: string;
}
/** R-FORMS (db/migrations/0020): tabs and rules as api/forms.ts shapes them. */
export interface FormsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  tabs: ColumnType<unknown[], string, string>;
  rules: ColumnType<unknown[], string | undefined, string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}
export interface FormAssignmentsTable {
  folder_id: number;
  use: 'view' | 'bulkEdit' | 'upload';
  form_id: number;
}
export interface FormDictionariesTable {
  form_id: number;
  dictionary_id: number;
}

/** Who approves requests for the assets under a folder (migration 0019): one user or one group. */
export interface RequestApproversTable {
  folder_id: number;
  user_id: Nullable<number>;
  group_id: Nullable<number>;
}

export type RequestKind = 'download' | 'clearance';
export type RequestStatus = 'submitted' | 'download approved' | 'download rejected';
export type RequestDecision = 'pending' | 'approved' | 'rejected';

/** A request to download or a clearance request (migration 0019). No approver user nor group: the administrators. */
export interface DownloadRequestsTable {
  id: Generated<number>;
  kind: RequestKind;
  requestor_id: number;
  approver_user_id: Nullable<number>;
  approver_group_id: Nullable<number>;
  description: Generated<string>;
  reason: Generated<string>;
  status: Generated<RequestStatus>;
  decided_by: Nullable<number>;
  approver_notes: Generated<string>;
  due_at: Nullable<Date>;
  /** The loading dock the approval filled for the requestor. */
  dock_id: Nullable<number>;
  /** Clearance period (dates, 'YYYY-MM-DD'). */
  clearance_from: ColumnType<string | null, string | null | undefined, string | null>;
  clearance_to: ColumnType<string | null, string | null | undefined, string | null>;
  regions: ColumnType<string[], string[] | undefined, string[]>;
  formats: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
  decided_at: Nullable<Date>;
}

export interface DownloadRequestItemsTable {
  request_id: number;
  asset_id: number;
  decision: Generated<RequestDecision>;
  reason: Generated<string>;
}

/** A cue point on one version of a video asset (migration 0024). */
export interface VideoCuePointsTable {
  id: Generated<number>;
  asset_id: number;
  version_number: number;
  time_ms: number;
  label: string;
  created_by: number | null;
  created_at: CreatedAt;
}

export type ClipExportState = 'none' | 'queued' | 'running' | 'ready' | 'failed';

/** A clip (in/out) of one version of a video asset and its export (migration 0024). */
export interface VideoClipsTable {
  id: Generated<number>;
  asset_id: number;
  version_number: number;
  name: string;
  in_ms: number;
  out_ms: number;
  export_state: Generated<ClipExportState>;
  export_mode: 'asset' | 'download' | 'version' | 'dock' | null;
  export_progress: Generated<number>;
  export_error: string | null;
  /** The exported file in the conversions area (a download). */
  export_key: string | null;
  export_asset_id: number | null;
  created_by: number | null;
  created_at: CreatedAt;
}

/** The browser upload a request of some server is writing to (migration 0028, uploads/upload-locker.ts). */
export interface UploadLocksTable {
  upload_id: string;
  owner: number;
  token: string;
  locked_at: Generated<Date>;
}

/** A DAM server process of this database, by its intent owner (migration 0028, the System status screen). */
export interface DamServersTable {
  owner: number;
  host: string;
  pid: number;
  url: string;
  started_at: Generated<Date>;
}

/** An external portal (migration 0022, R-PORTAL): a published public page of collections and folders. */
export interface PortalsTable {
  id: Generated<number>;
  owner_id: number;
  acl_id: Nullable<number>;
  name: string;
  description: Generated<string>;
  terms: Generated<string>;
  token_hash: string;
  password_hash: Nullable<string>;
  grant_secret: string;
  published: Generated<boolean>;
  expires_at: Timestamp;
  max_downloads: Nullable<number>;
  download_count: Generated<number>;
  failed_attempts: Generated<number>;
  attempts_since: Nullable<Date>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** Migration 0029: the logo and favicon (JPG, GIF or PNG) and their content types. */
  logo: Nullable<Buffer>;
  logo_type: Nullable<string>;
  favicon: Nullable<Buffer>;
  favicon_type: Nullable<string>;
  /** Migration 0029: what visitors may download, 'original' and/or named renditions (PORTAL_RENDITIONS). */
  renditions: ColumnType<string[], string[] | undefined, string[]>;
}
export type Portal = Selectable<PortalsTable>;

export interface PortalSourcesTable {
  portal_id: number;
  kind: 'collection' | 'folder';
  source_id: number;
}

export interface PortalDownloadsTable {
  id: Generated<number>;
  portal_id: number;
  /** Null for a zip (migration 0029). */
  asset_id: Nullable<number>;
  ip: Generated<string>;
  user_agent: Generated<string>;
  at: CreatedAt;
  counted: Generated<boolean>;
  method: Generated<'http-file' | 'http-zip' | 'rapid'>;
  /** A Rapid download's cookie, signing node and signed storage paths; complete once the node finished them (0037). */
  cookie: Nullable<string>;
  node_url: Nullable<string>;
  paths: Nullable<string[]>;
  completed_at: Nullable<Date>;
}

/** R-WORKFLOW-TRIGGERS (migration 0025): a trigger, the watched folder, the script and its limits. */
export interface WorkflowsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  trigger: string;
  folder_id: Nullable<number>;
  script: string;
  timeout_ms: number;
  memory_mb: number;
  created_at: CreatedAt;
  updated_at: Timestamp;
  // Migration 0031 (R-WORKFLOW-MODEL): as api/workflows.ts.
  workflow_folder_id: Nullable<number>;
  type: Generated<'regular' | 'login' | 'permission' | 'javascript'>;
  state: Generated<'enabled' | 'disabled' | 'cancelled'>;
  parameters: ColumnType<unknown[], string | undefined, string>;
  properties: ColumnType<Record<string, string>, string | undefined, string>;
  steps: ColumnType<unknown[], string | undefined, string>;
  schedule: ColumnType<unknown, string | null | undefined, string | null>;
  next_fire_at: Nullable<Date>;
}
export interface WorkflowFoldersTable {
  id: Generated<number>;
  name: string;
  parent_id: Nullable<number>;
  created_at: CreatedAt;
}
export interface WorkflowPermissionsTable {
  workflow_id: number;
  acl_id: number;
}
/** R-WORKFLOW-RUNS (migration 0025): one trigger event's run, or a dry run; changes and log as api/workflows.ts. */
export interface WorkflowRunsTable {
  id: Generated<number>;
  workflow_id: number;
  asset_id: Nullable<number>;
  trigger: string;
  status: Generated<'scheduled' | 'completed' | 'error'>;
  dry_run: Generated<boolean>;
  changes: ColumnType<unknown[], string | undefined, string>;
  log: ColumnType<unknown[], string | undefined, string>;
  error: Nullable<string>;
  created_at: CreatedAt;
  finished_at: Nullable<Date>;
  // Migration 0031 (R-WORKFLOW-DEBUGGER).
  event_key: Nullable<string>;
  parameters: ColumnType<Record<string, string>, string | undefined, string>;
  steps: ColumnType<unknown[], string | undefined, string>;
  replay_of: Nullable<number>;
  requested_by: Nullable<number>;
}
/** R-STAMP (migration 0025): a named set of field values, as api/stamps.ts shapes them. */
export interface StampsTable {
  id: Generated<number>;
  name: string;
  values: ColumnType<unknown[], string, string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** R-WORKSPACES: a named start folder and theme for the groups it names (migration 0026). */
export interface WorkspacesTable {
  id: Generated<number>;
  name: string;
  start_path: Generated<string>;
  header_color: string;
  header_text_color: string;
  logo: Buffer | null;
  updated_at: Generated<Date>;
  /** R-WORKSPACE-COMPONENTS: the shell's parts it shows (migration 0034). */
  components: ColumnType<string[], string[] | undefined, string[]>;
  /** R-THEMES: its theme, null for the default (migration 0040). */
  theme_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** R-WORKSPACE-UPLOAD-FORM: the upload form of its uploads whose folder has none (migration 0045). */
  upload_form_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface WorkspaceGroupsTable {
  workspace_id: number;
  group_id: number;
  /** R-WORKSPACE-COMPONENTS: the group's narrowing of the workspace's components; null keeps them (migration 0041). */
  components: ColumnType<string[] | null, string[] | null | undefined, string[] | null>;
}

/** A comment on one version of an asset, a reply when `parent_id` is set (migration 0023). */
export interface AssetCommentsTable {
  id: Generated<number>;
  asset_id: number;
  version_number: number;
  parent_id: Nullable<number>;
  author_id: number | null;
  body: string;
  /** api/discussions.ts `Annotation`, as JSON. */
  annotation: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: CreatedAt;
  edited_at: Nullable<Date>;
  deleted_at: Nullable<Date>;
}

/** Who a comment mentions (migration 0023). */
export interface CommentMentionsTable {
  comment_id: number;
  user_id: number;
}

/** R-METADATA-IMPORT (migration 0032): an import a person started, with its file, state and row errors. */
export interface MetadataImportsTable {
  id: Generated<number>;
  user_id: number | null;
  file_name: string;
  /** api/metadata-io.ts `ImportOptions`, as JSON. */
  options: ColumnType<unknown, string, string>;
  content: Buffer;
  state: Generated<'starting' | 'finished' | 'success' | 'failure'>;
  rows: Generated<number>;
  applied: Generated<number>;
  unchanged: Generated<number>;
  error_count: Generated<number>;
  /** api/metadata-io.ts `ImportRowError[]`, as JSON. */
  errors: ColumnType<unknown[], string | undefined, string>;
  created_at: CreatedAt;
  finished_at: Nullable<Date>;
}
/** An FTP server assets are delivered to and imported from; its password sealed (migration 0033). */
export interface RemoteServersTable {
  id: Generated<number>;
  name: string;
  protocol: 'ftp' | 'ftps' | 'sftp';
  host: string;
  port: number;
  username: string;
  /** Null for an SFTP server that signs in with its key alone (migration 0042). */
  password_sealed: string | null;
  /** R-REMOTE-SFTP (migration 0042): the sealed private key an SFTP server signs in with, if any. */
  private_key_sealed: Nullable<string>;
  /** R-REMOTE-SFTP (migration 0042): `SHA256:…` of the host key seen at the first connection. */
  host_key: Nullable<string>;
  destination: Generated<string>;
  description: Generated<string>;
  pc_format: Generated<boolean>;
  updated_at: Generated<Date>;
}

/** A delivery to or an import from a remote server, moved along by its job (migration 0033). */
export interface RemoteTransfersTable {
  id: Generated<number>;
  server_id: number;
  direction: 'deliver' | 'import';
  user_id: number | null;
  state: Generated<'queued' | 'running' | 'done' | 'failed'>;
  asset_ids: Generated<number[]>;
  remote_path: Generated<string>;
  folder_path: Generated<string>;
  files_total: Generated<number>;
  files_done: Generated<number>;
  files_refused: Generated<number>;
  bytes_done: ColumnType<string, number | undefined, number>;
  error: Nullable<string>;
  created_at: CreatedAt;
  finished_at: Nullable<Date>;
}

/** Who configures a scope ('global', 'workspace:<id>') until when (migration 0033, R-CONFIGURATOR-LEASE). */
export interface ConfigurationLeasesTable {
  scope: string;
  user_id: number;
  expires_at: Date;
}
/** R-ARCHIVE: an asset scheduled for archive, archived (a proxy) or being restored (migration 0034). */
export interface AssetArchivesTable {
  asset_id: number;
  state: 'scheduled' | 'archived' | 'restoring';
  archive_at: Date;
  retention_until: Date | null;
  storage_key: string | null;
  size: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  requested_by: number | null;
  archived_at: Date | null;
  restore_requested_at: Date | null;
  error: string | null;
  updated_at: Generated<Date>;
}

/** R-THEMES (migration 0040): `tokens` holds the saved values; a built-in row's come from the code. */
export interface ThemesTable {
  id: Generated<number>;
  name: string;
  built_in: string | null;
  is_default: Generated<boolean>;
  tokens: ColumnType<unknown, string | null | undefined, string | null>;
  logo: Buffer | null;
  thumbnail: Buffer | null;
  thumbnail_source: 'rendered' | 'drawn' | 'uploaded' | null;
  updated_at: Generated<Date>;
}
