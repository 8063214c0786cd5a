import { type Database, schema } from "../platform/db.server";
import { log } from "../platform/log.server";

/** Security events, shaped like a `log_security_event` call (p_user_id, p_action, p_details, …), as stored rows. */
export type SecurityAction =
  | "login"
  | "login_failed"
  | "account_locked"
  | "logout"
  | "session_expired"
  | "signed_out"
  | "reauthenticated"
  | "reauth_failed"
  | "session_extended"
  | "sessions_revoked"
  | "password_changed"
  | "mfa_enrolled"
  | "mfa_removed"
  | "mfa_verified"
  | "mfa_failed"
  | "mfa_code_limit"
  | "recovery_codes_created"
  // The leads inbox: what staff did to what a visitor sent (details: the lead's id, never its content).
  | "lead_status_changed"
  | "lead_note_added"
  | "lead_erased"
  | "leads_exported"
  // The showcase (/admin/work): details are the item's id and slug.
  | "portfolio_item_created"
  | "portfolio_item_updated"
  | "portfolio_item_moved"
  | "portfolio_item_published"
  | "portfolio_item_unpublished"
  | "portfolio_item_deleted";

export type SecurityEvent = {
  p_user_id: string | null;
  p_action: SecurityAction;
  p_details?: Record<string, unknown>;
  p_ip_address?: string | null;
  p_user_agent?: string | null;
};

/**
 * Records a security event. A failure to record never blocks the person signing in
 * or out, and is never shown to them: it goes to the server log instead.
 */
export async function logSecurityEvent(db: Database, event: SecurityEvent) {
  try {
    await db.insert(schema.securityEvents).values({
      userId: event.p_user_id,
      action: event.p_action,
      details: event.p_details ?? {},
      ipAddress: event.p_ip_address ?? null,
      userAgent: event.p_user_agent?.slice(0, 512) ?? null,
    });
  } catch (error) {
    log.error("security event not recorded", { action: event.p_action, userId: event.p_user_id, error });
  }
}
