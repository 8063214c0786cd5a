import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { type PasskeyActionData, PasskeysSection } from "~/components/settings/passkeys-section";
import { SettingsHeading } from "~/components/settings/settings-ui";
import {
  addPasskeySchema,
  ceremonySchema,
  PASSKEY_MESSAGES,
  removePasskeySchema,
} from "~/lib/auth/passkey-forms";
import { beginPasskeyRegistration, finishPasskeyRegistration, listPasskeys, removePasskey } from "~/lib/auth/passkeys.server";
import { needsPassword, reauthRefusal, settingsRequest } from "~/lib/auth/settings-page.server";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.settings.passkeys";

/**
 * /admin/settings/passkeys: the account's passkeys (decision 065). Adding one is two posts
 * from the browser (the options after the password, then the browser's answer); removing
 * one is a form with the password (unless entered in the last 5 minutes) and a tick.
 */
export const meta: Route.MetaFunction = () => staffMeta("Tilgangsnøkler");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, db } = await settingsRequest(request, context);
  return { passkeys: await listPasskeys(db, session.userId), needsPassword: needsPassword(session) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { session, db, meta } = await settingsRequest(request, context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const answer = (body: Omit<PasskeyActionData, "result"> & { result: PasskeyActionData["result"] }, status = 200) =>
    data<PasskeyActionData>(body, { status });

  if (intent === "verify") {
    const submission = parseWithZod(formData, { schema: ceremonySchema });
    if (submission.status !== "success") return answer({ intent, result: submission.reply(), error: PASSKEY_MESSAGES.notAdded }, 400);
    let response: unknown;
    try {
      response = JSON.parse(submission.value.response);
    } catch {
      return answer({ intent, result: submission.reply(), error: PASSKEY_MESSAGES.notAdded }, 400);
    }
    const result = await finishPasskeyRegistration(db, session, response, meta);
    if (result.kind === "reauth") {
      const { status, error } = await reauthRefusal(result.outcome);
      return answer({ intent, result: submission.reply(), error }, status);
    }
    if (result.kind === "invalid") return answer({ intent, result: submission.reply(), error: PASSKEY_MESSAGES.notAdded }, 400);
    return answer({ intent, result: submission.reply({ resetForm: true }), message: PASSKEY_MESSAGES.added(result.name) });
  }

  if (intent === "remove") {
    // Whether a password is owed is re-authentication's call (a 403 when missing), not the schema's.
    const submission = parseWithZod(formData, { schema: removePasskeySchema(false) });
    const named = `remove:${String(formData.get("passkeyId") ?? "")}`;
    const reply = (notice: { error?: string; message?: string }, status = 200) =>
      answer({ intent: named, ...notice, result: submission.reply({ hideFields: ["password"], resetForm: status === 200 }) }, status);
    if (submission.status !== "success") return reply({}, 400);
    const result = await removePasskey(db, session, submission.value, meta);
    switch (result.kind) {
      case "reauth": {
        const { status, error } = await reauthRefusal(result.outcome);
        return reply({ error }, status);
      }
      case "not-found":
        return reply({ error: PASSKEY_MESSAGES.notFound }, 404);
      case "removed":
        return reply({ message: PASSKEY_MESSAGES.removed(result.name) });
    }
  }

  const submission = parseWithZod(formData, { schema: addPasskeySchema(false) });
  const reply = (notice: Partial<PasskeyActionData>, status = 200) =>
    answer({ intent: "add", ...notice, result: submission.reply({ hideFields: ["password"] }) }, status);
  if (submission.status !== "success") return reply({}, 400);
  // Without JavaScript there is no browser prompt to answer the options: say so, change nothing.
  if (formData.get("js") !== "1") return reply({ error: PASSKEY_MESSAGES.unsupported }, 400);
  const result = await beginPasskeyRegistration(db, session, submission.value, meta);
  switch (result.kind) {
    case "reauth": {
      const { status, error } = await reauthRefusal(result.outcome);
      return reply({ error }, status);
    }
    case "too-many":
      return reply({ error: PASSKEY_MESSAGES.tooMany }, 409);
    case "options":
      return reply({ options: result.options });
  }
}

export default function Passkeys({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <SettingsHeading />
      <PasskeysSection
        passkeys={loaderData.passkeys}
        needsPassword={loaderData.needsPassword}
        // The options' typed-array fields do not survive serialisation's types; the section reads none of them.
        actionData={actionData as PasskeyActionData | undefined}
      />
    </>
  );
}
