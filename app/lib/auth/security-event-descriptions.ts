/**
 * What each kind of security event means, in a sentence a colleague without the code can
 * read (issue 32), and which kinds are failures: something refused or gone wrong that an
 * owner should notice. Browser-safe. A kind without a sentence shows its label alone.
 */
export const FAILURE_EVENTS = [
  "login_failed",
  "account_locked",
  "reauth_failed",
  "mfa_failed",
  "mfa_code_limit",
  "access_denied",
] as const;

const failures: ReadonlySet<string> = new Set(FAILURE_EVENTS);

export const isFailureEvent = (kind: string) => failures.has(kind);

export const SECURITY_EVENT_DESCRIPTIONS: Record<string, string> = {
  login: "Noen logget inn med riktig passord (og kode, om kontoen har totrinnsbekreftelse).",
  login_failed: "Noen prøvde å logge inn med feil passord eller en adresse uten konto.",
  account_locked: "For mange feil passord på rad: kontoen er stengt en stund, så ingen kan gjette videre.",
  logout: "Personen logget ut selv.",
  session_expired: "Økten var for gammel og ble avsluttet; personen må logge inn igjen.",
  signed_out: "Økten ble avsluttet fra en annen nettleser (Logg ut alle andre økter).",
  reauthenticated: "Personen skrev passordet sitt igjen før en følsom endring.",
  reauth_failed: "Feil passord da siden ba om det igjen før en følsom endring.",
  session_extended: "Personen valgte å forlenge økten før den gikk ut.",
  sessions_revoked: "Personen logget ut alle sine andre økter.",
  password_changed: "Passordet ble byttet; andre økter ble logget ut.",
  mfa_enrolled: "Totrinnsbekreftelse ble slått på: innlogging krever nå også en kode fra en app.",
  mfa_removed: "Totrinnsbekreftelse ble slått av for kontoen.",
  mfa_verified: "En riktig engangskode ble godtatt.",
  mfa_failed: "En engangskode ble avvist: feil eller utløpt kode.",
  mfa_code_limit: "For mange feil engangskoder: innloggingen ble stoppet.",
  recovery_codes_created: "Nye reservekoder ble laget; de gamle virker ikke lenger.",
  two_step_nudge_dismissed: "Påminnelsen om å slå på totrinnsbekreftelse ble utsatt i 30 dager.",
  backup_taken: "En sikkerhetskopi av databasen og mediene ble tatt.",
  backup_downloaded: "En sikkerhetskopi ble lastet ned.",
  access_denied: "Noen åpnet en side eller handling rollen deres ikke gir tilgang til, og ble avvist.",
  password_reset_requested: "Noen ba om en lenke for å sette nytt passord.",
  password_reset: "Passordet ble satt på nytt fra en lenke i e-post.",
  staff_invited: "En ny kollega ble invitert og fikk en lenke på e-post.",
  staff_invitation_accepted: "En invitert kollega valgte passord og tok kontoen i bruk.",
  staff_disabled: "En konto ble deaktivert: den kan ikke logge inn.",
  staff_enabled: "En deaktivert konto kan logge inn igjen.",
  staff_unlocked: "En eier låste opp en konto som var stengt etter feil passord.",
  staff_role_changed: "En kontos rolle ble endret (eier, redaktør eller skribent).",
  two_step_policy_changed: "Kravet om totrinnsbekreftelse for staben ble endret.",
  email_change_requested: "Noen ba om å bytte e-postadressen på kontoen sin.",
  email_changed: "E-postadressen på en konto ble byttet.",
  profile_updated: "Navnet på en konto ble endret.",
  leads_exported: "Henvendelsene ble lastet ned som CSV.",
  lead_erased: "En henvendelse ble slettet for godt.",
  applications_exported: "Søknadene ble lastet ned som CSV.",
  application_exported: "Alt om én søker ble lastet ned (innsyn).",
  application_cv_downloaded: "En søkers CV ble åpnet.",
  application_erased: "En søknad ble slettet for godt, med CV.",
  subscribers_exported: "Abonnentlisten ble lastet ned som CSV.",
  subscriber_erased: "En abonnent ble slettet for godt.",
};

export const securityEventDescription = (kind: string) => SECURITY_EVENT_DESCRIPTIONS[kind] ?? null;
