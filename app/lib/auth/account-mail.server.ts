import { osloLongDateTime } from "../platform/dates";
import { now } from "../platform/clock.server";
import { getConfig } from "../platform/config.server";
import type { Database } from "../platform/db.server";
import { enqueueMail } from "../mail/mail.server";
import type { RequestMeta } from "./session.server";
import { getStudioDetails } from "../studio/studio-details.server";

/**
 * The e-mail a staff member gets about every security change to their account, written
 * to the outbox in the transaction that makes the change (so there is no change without
 * its e-mail). Staff copy in bokmål. It says what changed, when and from where, and what
 * to do if it was not them; it never contains a code, key or password.
 */
export type AccountChange =
  | "mfa_enrolled"
  | "mfa_removed"
  | "recovery_codes_created"
  | "password_changed"
  | "password_reset"
  | "email_changed"
  | "passkey_added"
  | "passkey_removed";

export const ACCOUNT_MAIL_KIND = "account-security";

const TEXTS: Record<AccountChange, { subject: string; what: string }> = {
  mfa_enrolled: {
    subject: "Totrinnsbekreftelse er slått på",
    what: "Totrinnsbekreftelse ble slått på for kontoen din",
  },
  mfa_removed: {
    subject: "Totrinnsbekreftelse er slått av",
    what: "Totrinnsbekreftelse ble slått av for kontoen din",
  },
  recovery_codes_created: {
    subject: "Nye gjenopprettingskoder",
    what: "Det ble laget nye gjenopprettingskoder for kontoen din (de gamle virker ikke lenger)",
  },
  password_changed: {
    subject: "Passordet ditt er endret",
    what: "Passordet til kontoen din ble endret",
  },
  password_reset: {
    subject: "Passordet ditt er satt på nytt",
    what: "Passordet til kontoen din ble satt på nytt med en lenke fra «Glemt passord?», og alle øktene ble logget ut",
  },
  passkey_added: {
    subject: "Ny tilgangsnøkkel",
    what: "En ny tilgangsnøkkel ble lagt til kontoen din",
  },
  passkey_removed: {
    subject: "Tilgangsnøkkel fjernet",
    what: "En tilgangsnøkkel ble fjernet fra kontoen din",
  },
  email_changed: {
    subject: "E-postadressen din er endret",
    what: "Kontoen din bruker ikke lenger denne e-postadressen",
  },
};

export async function enqueueAccountChangeMail(
  tx: Database,
  user: { email: string; fullName?: string },
  change: AccountChange,
  meta: RequestMeta,
  /** A further sentence, e.g. the new address. */
  extra?: string,
) {
  const { subject, what } = TEXTS[change];
  const studio = await getStudioDetails(tx);
  const settings = `${getConfig().siteUrl}/admin/settings`;
  const text = [
    `Hei${user.fullName ? ` ${user.fullName}` : ""},`,
    "",
    `${what} (${user.email}) ${osloLongDateTime(now())}, fra IP-adressen ${meta.ip}.`,
    ...(extra ? [extra] : []),
    "",
    "Var det deg, trenger du ikke gjøre noe.",
    "Var det ikke deg? Logg inn, bytt passord og logg ut alle andre økter under Innstillinger:",
    settings,
    "Kommer du ikke inn, si fra til en administrator med en gang.",
    "",
    `Hilsen ${studio.name}`,
  ].join("\n");
  await enqueueMail(tx, { kind: ACCOUNT_MAIL_KIND, to: user.email, subject: `${studio.name}: ${subject}`, text });
}
