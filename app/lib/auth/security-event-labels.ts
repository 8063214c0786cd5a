import { z } from "zod";
import { pageParam } from "../platform/list-query";

/**
 * The audit page's words for each kind of security event, and its filters. Browser-safe.
 * A kind without a label here (added by a newer feature) is still readable: its stored
 * name with spaces for underscores ("staff_invited" → "Staff invited").
 */
export const SECURITY_EVENT_LABELS: Record<string, string> = {
  login: "Logget inn",
  login_failed: "Mislykket innlogging",
  account_locked: "Konto låst etter mislykkede innlogginger",
  logout: "Logget ut",
  session_expired: "Økten utløp",
  signed_out: "Logget ut av en annen økt",
  reauthenticated: "Bekreftet passordet igjen",
  reauth_failed: "Feil passord ved ny bekreftelse",
  session_extended: "Økten forlenget",
  sessions_revoked: "Andre økter avsluttet",
  session_ended: "Økt avsluttet",
  password_changed: "Passord endret",
  mfa_enrolled: "Totrinnsbekreftelse slått på",
  mfa_removed: "Totrinnsbekreftelse slått av",
  mfa_verified: "Engangskode godtatt",
  mfa_failed: "Feil engangskode",
  mfa_code_limit: "For mange feil engangskoder",
  recovery_codes_created: "Nye gjenopprettingskoder",
  passkey_added: "Tilgangsnøkkel lagt til",
  passkey_removed: "Tilgangsnøkkel fjernet",
  two_step_reset: "Totrinnsbekreftelse nullstilt av en administrator",
  two_step_nudge_dismissed: "Påminnelse om totrinnsbekreftelse utsatt",
  backup_taken: "Sikkerhetskopi tatt",
  backup_downloaded: "Sikkerhetskopi lastet ned",
  lead_status_changed: "Henvendelse: status endret",
  lead_note_added: "Henvendelse: notat lagt til",
  lead_erased: "Henvendelse slettet",
  leads_exported: "Henvendelser eksportert",
  application_status_changed: "Søknad: status endret",
  application_note_added: "Søknad: notat lagt til",
  application_reply_sent: "Søknad: svar sendt",
  application_cv_downloaded: "Søknad: CV åpnet",
  application_exported: "Søknad eksportert (innsyn)",
  application_erased: "Søknad slettet",
  applications_exported: "Søknader eksportert",
  application_template_saved: "Svarmal endret",
  subscriber_unsubscribed: "Abonnent meldt av",
  subscriber_erased: "Abonnent slettet",
  subscribers_exported: "Abonnenter eksportert",
  subscribers_imported: "Abonnenter importert",
  mail_resent: "E-post sendt igjen",
  // Kinds other features record.
  staff_invited: "Kollega invitert",
  staff_invitation_accepted: "Invitasjon godtatt",
  staff_disabled: "Konto deaktivert",
  staff_enabled: "Konto aktivert igjen",
  staff_unlocked: "Konto låst opp",
  staff_role_changed: "Rolle endret",
  two_step_policy_changed: "Krav om totrinnsbekreftelse endret",
  access_denied: "Ingen tilgang",
  password_reset_requested: "Ba om nytt passord",
  password_reset: "Passord tilbakestilt",
  email_change_requested: "Ba om ny e-postadresse",
  email_changed: "E-postadresse endret",
  profile_updated: "Profil oppdatert",
  newsletter_sent: "Nyhetsbrev sendt",
  newsletter_send_scheduled: "Utsendelse av nyhetsbrev planlagt",
  newsletter_send_unscheduled: "Planlagt utsendelse av nyhetsbrev avbrutt",
  redirect_created: "Omdirigering lagt til",
  redirect_removed: "Omdirigering fjernet",
  redirects_retargeted: "Omdirigeringer pekt til ny adresse",
  page_draft_saved: "Side: utkast lagret",
  page_draft_discarded: "Side: utkast forkastet",
  page_published: "Side publisert",
  page_version_restored: "Side: tidligere versjon gjenopprettet",
  studio_details_updated: "Studioets detaljer endret",
  post_scheduled: "Innlegg planlagt",
  post_unscheduled: "Innlegg: planlegging avbrutt",
  post_published: "Planlagt innlegg publisert nå",
  post_auto_published: "Planlagt innlegg publisert automatisk",
  post_revision_restored: "Innlegg: tidligere versjon gjenopprettet",
  post_preview_link_created: "Innlegg: forhåndsvisningslenke laget",
  post_preview_link_revoked: "Innlegg: forhåndsvisningslenke trukket tilbake",
  post_submitted_for_review: "Innlegg sendt til godkjenning",
  post_review_withdrawn: "Innlegg trukket fra godkjenning",
  post_review_approved: "Innlegg godkjent",
  post_review_returned: "Innlegg sendt tilbake til skribenten",
  page_draft_submitted_for_review: "Sideutkast sendt til godkjenning",
  page_draft_review_withdrawn: "Sideutkast trukket fra godkjenning",
  page_draft_review_approved: "Sideutkast godkjent og publisert",
  page_draft_review_returned: "Sideutkast sendt tilbake til skribenten",
};

export function securityEventLabel(kind: string) {
  const known = SECURITY_EVENT_LABELS[kind];
  if (known) return known;
  const words = kind.replace(/[_-]+/g, " ").trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : kind;
}

export const SECURITY_EVENTS_PER_PAGE = 50;

/** The account filter: a user's id, or "none" for events without an account (failed sign-ins with unknown addresses). */
export const NO_ACCOUNT = "none";

export const auditFilterSchema = z.object({
  account: z
    .union([z.uuid(), z.literal(NO_ACCOUNT)])
    .optional()
    .catch(undefined),
  kind: z
    .string()
    .regex(/^[a-z0-9_.-]{1,64}$/)
    .optional()
    .catch(undefined),
  /** "Bare feil": only the failures (security-event-descriptions.ts). */
  failures: z
    .literal("1")
    .optional()
    .catch(undefined)
    .transform((value) => value === "1"),
  page: pageParam,
});

export type AuditFilter = { account?: string; kind?: string; failures?: boolean; page: number };

export function parseAuditFilter(params: URLSearchParams): AuditFilter {
  const { account, kind, failures, page } = auditFilterSchema.parse(Object.fromEntries(params));
  return { account, kind, failures, page };
}
