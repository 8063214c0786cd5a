import { getFormProps } from "@conform-to/react";
import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { type FormEvent, useEffect, useState } from "react";
import { Form, useFetcher } from "react-router";
import { useIsPending } from "~/components/forms/use-is-pending";
import { CheckboxField, TextField } from "~/components/forms/fields";
import { FormNotice } from "~/components/form-notice";
import { useSchemaForm } from "~/components/use-schema-form";
import { addPasskeySchema, PASSKEY_MESSAGES, PASSKEYS_PATH, removePasskeySchema } from "~/lib/auth/passkey-forms";
import { osloTimestamp } from "~/lib/platform/dates";
import type { FormResult } from "~/lib/platform/form-result";

export type PasskeyRow = { id: string; name: string; createdAt: string | Date; lastUsedAt: string | Date | null };

/** What /admin/settings/passkeys answers: a form's result, and for "add" the browser's options. */
export type PasskeyActionData = FormResult & { options?: PublicKeyCredentialCreationOptionsJSON };

/**
 * "Tilgangsnøkler" (decision 065): the account's passkeys with when each was added and last
 * used, adding one (name and password, then the browser's prompt) and removing one
 * (password and a tick). Adding needs JavaScript, as WebAuthn does; the list and removing
 * do not.
 */
export function PasskeysSection({
  passkeys,
  needsPassword,
  actionData,
}: {
  passkeys: PasskeyRow[];
  needsPassword: boolean;
  actionData?: PasskeyActionData | null;
}) {
  const adding = useFetcher<PasskeyActionData>({ key: "add-passkey" });
  const [browserError, setBrowserError] = useState<string | null>(null);
  const notice = browserError ? { error: browserError } : (adding.data ?? actionData ?? undefined);
  return (
    <section className="admin-panel" aria-labelledby="passkeys-heading" lang="nb">
      <h2 id="passkeys-heading">Tilgangsnøkler</h2>
      <p>
        Med en tilgangsnøkkel logger du inn med fingeravtrykk, ansikt eller PIN på enheten din, uten passord og kode. Den
        teller som totrinnsbekreftelse.
      </p>
      <FormNotice data={notice && !("options" in notice && notice.options) ? notice : undefined} />
      {passkeys.length > 0 ? (
        <ul className="passkey-list" aria-label="Dine tilgangsnøkler">
          {passkeys.map((key) => (
            <li key={key.id}>
              <strong>{key.name}</strong>
              <span>
                Lagt til {osloTimestamp(new Date(key.createdAt))} · sist brukt{" "}
                {key.lastUsedAt ? osloTimestamp(new Date(key.lastUsedAt)) : "aldri"}
              </span>
              <RemoveForm
                passkey={key}
                needsPassword={needsPassword}
                lastResult={actionData?.intent === `remove:${key.id}` ? actionData.result : undefined}
              />
            </li>
          ))}
        </ul>
      ) : (
        <p>Du har ingen tilgangsnøkler ennå.</p>
      )}
      <AddForm needsPassword={needsPassword} fetcher={adding} onBrowserError={setBrowserError} />
    </section>
  );
}

type Fetcher = ReturnType<typeof useFetcher<PasskeyActionData>>;

function AddForm({
  needsPassword,
  fetcher,
  onBrowserError,
}: {
  needsPassword: boolean;
  fetcher: Fetcher;
  onBrowserError: (message: string | null) => void;
}) {
  const [form, fields] = useSchemaForm("add-passkey-form", addPasskeySchema(needsPassword), {
    lastResult: fetcher.data?.intent === "add" ? fetcher.data.result : undefined,
  });
  const options = fetcher.data?.options;
  // The server's options arrived: the browser's prompt, then its answer back to the server.
  useEffect(() => {
    if (!options) return;
    startRegistration({ optionsJSON: options })
      .then((response) =>
        fetcher.submit({ intent: "verify", response: JSON.stringify(response) }, { method: "post", action: PASSKEYS_PATH }),
      )
      .catch(() => onBrowserError(PASSKEY_MESSAGES.cancelled));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per set of options
  }, [options]);
  const formProps = getFormProps(form);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    if (event.defaultPrevented) return; // the fields said what is missing
    event.preventDefault();
    onBrowserError(browserSupportsWebAuthn() ? null : PASSKEY_MESSAGES.unsupported);
    if (!browserSupportsWebAuthn()) return;
    const data = new FormData(event.currentTarget);
    data.set("js", "1");
    fetcher.submit(data, { method: "post", action: PASSKEYS_PATH });
  };
  return (
    <Form method="post" action={PASSKEYS_PATH} {...formProps} onSubmit={onSubmit} className="inline-form">
      <input type="hidden" name="intent" value="add" />
      <TextField field={fields.name} label="Navn på nøkkelen" autoComplete="off" />
      {needsPassword ? (
        <TextField field={fields.password} label="Passordet ditt" type="password" autoComplete="current-password" />
      ) : null}
      <button type="submit" className="button button-small" disabled={fetcher.state !== "idle"}>
        Legg til tilgangsnøkkel
      </button>
    </Form>
  );
}

function RemoveForm({
  passkey,
  needsPassword,
  lastResult,
}: {
  passkey: PasskeyRow;
  needsPassword: boolean;
  lastResult?: FormResult["result"];
}) {
  const busy = useIsPending({ action: PASSKEYS_PATH, intent: "remove", fields: { passkeyId: passkey.id }, state: "submitting" });
  const [form, fields] = useSchemaForm(`remove-passkey-${passkey.id}`, removePasskeySchema(needsPassword), {
    lastResult,
  });
  return (
    <Form method="post" action={PASSKEYS_PATH} {...getFormProps(form)} className="inline-form passkey-remove">
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="passkeyId" value={passkey.id} />
      {needsPassword ? (
        <TextField field={fields.password} label="Passordet ditt" type="password" autoComplete="current-password" />
      ) : null}
      <CheckboxField field={fields.confirm} label={`Ja, fjern «${passkey.name}»`} />
      <button type="submit" className="button button-small button-ghost" disabled={busy}>
        Fjern
      </button>
    </Form>
  );
}
