import type { Database } from "../platform/db.server";
import type { FormOutcome } from "../platform/form-reply.server";
import type { StaffAction } from "./account-forms";
import type { StaffActor } from "./security-events.server";
import { disableStaff, enableStaff, reinviteStaff, unlockStaff } from "./staff-accounts.server";
import { ROLE_REFUSED } from "./staff-roles";

/**
 * One change to a colleague's account (deactivate, reactivate, unlock, invite again), from
 * the account page or from the team list's row menu: the same words in both places. The
 * route guards it (owners only: route-permissions.ts); the domain function audits it.
 */
const STAFF_ACTION_DONE: Record<StaffAction, string> = {
  disable: "Kontoen er deaktivert, og alle øktene dens er avsluttet.",
  enable: "Kontoen er aktiv igjen.",
  unlock: "Låsen er opphevet.",
  reinvite: "En ny invitasjon er sendt. Den gamle lenken virker ikke lenger.",
};

/** Why a change was refused (nothing changed), as the page says it. */
const STAFF_ACTION_REFUSED: Record<string, string> = {
  self: "Du kan ikke deaktivere din egen konto.",
  last: "Dette er den siste aktive kontoen. Aktiver eller inviter en annen først.",
  "last-owner": ROLE_REFUSED["last-owner"],
  already: "Kontoen var allerede slik.",
  "not-locked": "Kontoen er ikke låst.",
  "not-invited": "Kontoen har allerede valgt passord.",
  exists: "Kontoen har allerede valgt passord.",
};

function perform(db: Database, intent: StaffAction, id: string, actor: StaffActor) {
  switch (intent) {
    case "disable":
      return disableStaff(db, id, actor);
    case "enable":
      return enableStaff(db, id, actor);
    case "unlock":
      return unlockStaff(db, id, actor);
    case "reinvite":
      return reinviteStaff(db, id, actor);
  }
}

/** The change, and the line the page shows for it: done (a status) or refused (an alert, 409). */
export async function applyStaffAction(
  db: Database,
  intent: StaffAction,
  id: string,
  actor: StaffActor,
): Promise<Extract<FormOutcome, { message: string } | { error: string }>> {
  const result = await perform(db, intent, id, actor);
  if (Object.hasOwn(STAFF_ACTION_REFUSED, result.kind))
    return { error: STAFF_ACTION_REFUSED[result.kind]!, status: 409 };
  return { message: STAFF_ACTION_DONE[intent] };
}
