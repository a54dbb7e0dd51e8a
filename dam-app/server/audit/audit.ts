import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** Security-relevant events, for the administrators' audit log. */
export type AuditEvent =
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'password_changed'
  | 'password_reset_requested'
  | 'password_reset'
  | 'account_created'
  | 'account_activated'
  | 'invitation_sent'
  | 'invitation_accepted'
  | 'invitation_deleted'
  | 'api_key_created'
  | 'api_key_revoked'
  | 'acl_switched'
  | 'admin_mode'
  | 'user_created'
  | 'user_updated'
  | 'user_deleted'
  | 'group_saved'
  | 'group_deleted'
  | 'acl_saved'
  | 'acl_deleted'
  | 'platform_settings_saved'
  | 'preset_saved'
  | 'preset_deleted'
  | 'dictionary_saved'
  | 'dictionary_deleted'
  | 'form_saved'
  | 'form_deleted'
  | 'workflow_saved'
  | 'workflow_deleted'
  | 'stamp_saved'
  | 'stamp_deleted'
  | 'download'
  | 'workspace_saved'
  | 'workspace_components_saved'
  | 'workspace_deleted'
  // issue 30, remote servers
  | 'remote_server_saved'
  | 'remote_server_deleted'
  | 'remote_host_key_forgotten'
  | 'remote_delivery_queued'
  | 'remote_import_queued'
  | 'quarantine_rescan'
  | 'quarantine_deleted'
  | 'archive_scheduled'
  | 'archive_restore'
  // issue 30, remote configuration
  | 'runtime_settings_saved'
  // issue 30, themes
  | 'theme_saved'
  | 'theme_deleted'
  | 'themes_assigned';

export interface AuditRecord {
  actorId: number | null;
  event: AuditEvent;
  target?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

export async function audit(db: Kysely<Database>, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: record.actorId,
      event: record.event,
      target: record.target ?? null,
      ip: record.ip ?? null,
      details: JSON.stringify(record.details ?? {}),
    })
    .execute();
}
