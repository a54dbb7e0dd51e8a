import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string, string>;

/** A column that may be null and may be left out of an insert. */
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** The user fields of spec §3 that a person edits on their own account. */
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
  /** root, nologin and guest: built in, never deleted (spec §6). */
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
  done_at: Timestamp | null;
  failed_at: Timestamp | null;
  last_error: string | null;
  created_at: CreatedAt;
}

export interface UploadSessionsTable {
  /** The spec §3 transfer cookie the pre-transfer handler made: unique per upload, and the node's tag for it. */
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
}

export interface UploadFilesTable {
  cookie: string;
  /** Storage-relative path of a file the node reported completed. */
  path: string;
  transfer_id: string;
  created_at: CreatedAt;
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
  audit_log: AuditLogTable;
  jobs: JobsTable;
  upload_sessions: UploadSessionsTable;
  upload_files: UploadFilesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Acl = Selectable<AclsTable>;
export type Group = Selectable<GroupsTable>;
