import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { SettingsHeading } from "~/components/settings/settings-ui";
import type { FormResult } from "~/lib/platform/form-result";
import { TwoStepSection, type TwoStepView } from "~/components/settings/two-step-section";
import { needsPassword, reauthRefusal, settingsRequest } from "~/lib/auth/settings-page.server";
import { twoStepConfirmSchema, twoStepStartSchema } from "~/lib/auth/settings-forms";
import { beginEnrolment, finishEnrolment, shownEnrolment } from "~/lib/auth/two-step.server";
import { type Enrolment, factorStatus } from "~/lib/auth/mfa.server";
import { staffMeta } from "~/lib/site/seo";
import { ENROLMENT_REQUIRED } from "~/lib/auth/access-policy";
import { owesTwoStepEnrolment } from "~/lib/auth/access-policy.server";
import { PasskeysSection } from "~/components/settings/passkeys-section";
import { listPasskeys } from "~/lib/auth/passkeys.server";
import type { Route } from "./+types/admin.settings.two-step.enrol";

/** /admin/settings/two-step/enrol: turning two-step verification on (password, QR code, first code). */
export const meta: Route.MetaFunction = () => staffMeta("Sett opp totrinnsbekreftelse");

const SETUP_ERROR = "Koden stemte ikke. Sjekk klokken på telefonen og prøv neste kode.";
const ALREADY_ON = "Two-step verification is already on. Turn it off first to set up a new phone.";

const enrolling = (e: Enrolment): TwoStepView => ({
  state: "enrolling",
  factorId: e.factorId,
  secret: e.secret,
  qrCode: e.qrCode,
});

async function currentView(db: Parameters<typeof factorStatus>[0], userId: string): Promise<TwoStepView> {
  const factor = await factorStatus(db, userId);
  return factor ? { state: "on", recoveryCodesLeft: factor.recoveryCodesLeft } : { state: "off" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, db } = await settingsRequest(request, context);
  const fresh = !needsPassword(session);
  // An unfinished enrolment is shown again only right after the password was entered.
  const pending = fresh && !(await factorStatus(db, session.userId)) ? await shownEnrolment(db, session) : null;
  // Sent here by the studio's two-step policy (decision 059): the page says why nothing else opens.
  const required = await owesTwoStepEnrolment(db, session);
  return {
    view: pending ? enrolling(pending) : await currentView(db, session.userId),
    needsPassword: !fresh,
    required,
    // A passkey meets the policy too (decision 065): offered beside the authenticator app.
    passkeys: await listPasskeys(db, session.userId),
  };
}

type EnrolResult = FormResult & { view: TwoStepView; needsPassword: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  const { session, db, meta } = await settingsRequest(request, context);
  const formData = await request.formData();
  const confirming = formData.get("intent") === "confirm";
  // Whether a password is owed is re-authentication's call (a 403 when missing), not the schema's.
  const submission = confirming
    ? parseWithZod(formData, { schema: twoStepConfirmSchema(false) })
    : parseWithZod(formData, { schema: twoStepStartSchema(false) });
  const reply = (view: TwoStepView, notice: { error?: string; message?: string } = {}, status = 200) =>
    data<EnrolResult>(
      {
        view,
        ...notice,
        intent: confirming ? "confirm" : "start",
        result: submission.reply({ hideFields: ["password"] }),
        needsPassword: needsPassword(session),
      },
      { status },
    );
  if (submission.status !== "success") return reply(await currentView(db, session.userId), {}, 400);

  const { value } = submission;
  if (value.intent === "confirm") {
    const { factorId, code, password } = value;
    const result = await finishEnrolment(db, session, { factorId, code, password }, meta);
    switch (result.kind) {
      case "reauth": {
        const { status, error } = await reauthRefusal(result.outcome);
        // The key is not shown again without the password; the code form stays.
        return reply({ state: "enrolling", factorId, secret: "", qrCode: "" }, { error }, status);
      }
      case "invalid":
        return reply(
          result.enrolment ? enrolling(result.enrolment) : await currentView(db, session.userId),
          { error: SETUP_ERROR },
          400,
        );
      case "on":
        return reply({ state: "enrolled", recoveryCodes: result.recoveryCodes });
    }
  }
  const result = await beginEnrolment(db, session, { password: value.password }, meta);
  switch (result.kind) {
    case "reauth": {
      const { status, error } = await reauthRefusal(result.outcome);
      return reply({ state: "off" }, { error }, status);
    }
    case "already-on":
      return reply(await currentView(db, session.userId), { error: ALREADY_ON }, 409);
    case "started":
      return reply(enrolling(result.enrolment));
  }
}

export default function EnrolTwoStep({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  return (
    <>
      {/* While the policy holds them here, the overview would only send them back. */}
      <SettingsHeading backLink={!loaderData.required} />
      {loaderData.required && !actionData ? (
        <p className="dashboard-warning" role="alert" lang="nb">
          {ENROLMENT_REQUIRED}
        </p>
      ) : null}
      <TwoStepSection view={state.view} needsPassword={state.needsPassword} actionData={actionData} />
      <PasskeysSection passkeys={loaderData.passkeys} needsPassword={loaderData.needsPassword} />
    </>
  );
}
