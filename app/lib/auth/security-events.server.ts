import type { Role } from "./roles";
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
  // One session ended from the sessions page (details: its id, and whether it was the one asking).
  | "session_ended"
  | "password_changed"
  | "mfa_enrolled"
  | "mfa_removed"
  | "mfa_verified"
  | "mfa_failed"
  | "mfa_code_limit"
  | "recovery_codes_created"
  // Passkeys (decision 065; details: the passkey's id and name). Sign-ins with one are "login" with method "passkey".
  | "passkey_added"
  | "passkey_removed"
  // Every second factor of an account removed by an operator (npm run user:reset-two-step; details: counts).
  | "two_step_reset"
  // The dashboard's nudge to turn on two-step verification, put away for 30 days (details: until when).
  | "two_step_nudge_dismissed"
  // The leads inbox: what staff did to what a visitor sent (details: the lead's id, never its content).
  | "lead_status_changed"
  | "lead_note_added"
  | "lead_erased"
  | "leads_exported"
  // Job applications (decision 057): details are the application's id, never what the candidate sent.
  | "application_status_changed"
  | "application_note_added"
  | "application_reply_sent"
  | "application_cv_downloaded"
  | "application_exported"
  | "application_erased"
  | "applications_exported"
  // "Svarmaler" (decision 064): details are the template, language and new version.
  | "application_template_saved"
  // Published content and media (details: the item's id and title, never a visitor's data).
  | "post_created"
  | "post_updated"
  | "post_deleted"
  // Scheduled publishing (decision 051): set, cleared, published early by staff, or by the server at its time.
  | "post_scheduled"
  | "post_unscheduled"
  | "post_published"
  | "post_auto_published"
  // Revisions and private preview links of posts (details: the post's id, the revision numbers, the link's id).
  | "post_revision_restored"
  | "post_preview_link_created"
  | "post_preview_link_revoked"
  // Review before publishing (docs/decisions/066): details are the post's id and title, never the comment.
  | "post_submitted_for_review"
  | "post_review_withdrawn"
  | "post_review_approved"
  | "post_review_returned"
  // Review of page drafts (docs/decisions/071): details are the page and locale, never the comment.
  | "page_draft_submitted_for_review"
  | "page_draft_review_withdrawn"
  | "page_draft_review_approved"
  | "page_draft_review_returned"
  | "job_created"
  | "job_updated"
  | "job_published"
  | "job_unpublished"
  | "job_deleted"
  | "media_uploaded"
  | "media_deleted"
  | "media_alt_changed"
  // Newsletter subscribers, on the person's behalf (details: the subscriber's id, never the address).
  | "subscriber_unsubscribed"
  | "subscriber_erased"
  | "subscribers_exported"
  | "subscribers_imported"
  // The mail outbox.
  | "mail_resent"
  // Staff accounts (details: the account's id, never a token or password).
  | "staff_invited"
  | "staff_invitation_accepted"
  | "staff_disabled"
  | "staff_enabled"
  | "staff_unlocked"
  | "staff_role_changed"
  | "two_step_policy_changed"
  | "access_denied"
  | "password_reset_requested"
  | "password_reset"
  | "email_change_requested"
  | "email_changed"
  | "profile_updated"
  // The newsletter (details: the and send's ids and the recipient count).
  | "newsletter_issue_saved"
  | "newsletter_test_sent"
  | "newsletter_sent"
  | "newsletter_send_scheduled"
  | "newsletter_send_unscheduled"
  // The showcase (/admin/work): details are the item's id and slug.
  | "portfolio_item_created"
  | "portfolio_item_updated"
  | "portfolio_item_moved"
  | "portfolio_order_set"
  | "portfolio_item_published"
  | "portfolio_item_unpublished"
  | "portfolio_item_deleted"
  // Redirects (/admin/redirects): details are the from and to addresses and the kind.
  | "redirect_created"
  | "redirect_removed"
  | "redirects_retargeted"
  // Page content (/admin/pages): details are the page's key, the locale and the version.
  | "page_draft_saved"
  | "page_draft_discarded"
  | "page_published"
  | "page_version_restored"
  // The studio's details (/admin/settings/studio): details are the new version and the changed fields' names.
  | "studio_details_updated"
  // Backups (/admin/backups): details are the backup's name and size.
  | "backup_taken"
  | "backup_downloaded";

export type SecurityEvent = {
  p_user_id: string | null;
  p_action: SecurityAction;
  p_details?: Record<string, unknown>;
  p_ip_address?: string | null;
  p_user_agent?: string | null;
};

/** Who did something in the back office, for the audit trail (/admin/security). */
export type Actor = { userId: string | null; ip?: string | null; userAgent?: string | null; role?: Role };

/** Changes made by a command (a benchmark's seed, a test's setup): recorded without a person. */
export const SCRIPT_ACTOR: Actor = { userId: null, userAgent: "script" };

/** Records what a staff member changed or removed; every such domain function calls it. */
export function auditAction(db: Database, actor: Actor, action: SecurityAction, details: Record<string, unknown>) {
  return logSecurityEvent(db, { ...actorEvent(actor), p_action: action, p_details: details });
}

/** The actor's part of a security event, for domain functions that write the event themselves. */
export function actorEvent(actor: Actor) {
  return { p_user_id: actor.userId, p_ip_address: actor.ip ?? null, p_user_agent: actor.userAgent ?? null };
}

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

/**
 * A signed-in staff member doing something (lib/staff/actor.server.ts makes one from a
 * request): the one actor type of every staff domain function; the name signs notes.
 */
export type StaffActor = { userId: string; name: string; ip: string; userAgent: string; role?: Role };
