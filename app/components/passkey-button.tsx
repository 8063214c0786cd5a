import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useState, useSyncExternalStore } from "react";

const subscribe = () => () => {};

type Answer = { message?: string; error?: string; options?: PublicKeyCredentialRequestOptionsJSON };

/**
 * A passkey ceremony started by a button (decision 065): the options from `action`
 * (`intent=options`), the browser's prompt, its answer back (`intent=verify`). Shown only
 * once React runs in a browser that has WebAuthn: without JavaScript there is no prompt,
 * and the page's other way in (the password, the code) is all there is.
 */
export function PasskeyButton({
  action,
  label,
  cancelled,
  onDone,
  disabled,
}: {
  action: string;
  label: string;
  cancelled: string;
  onDone: (answer: { ok: boolean; text: string }) => void;
  disabled?: boolean;
}) {
  const supported = useSyncExternalStore(subscribe, () => browserSupportsWebAuthn(), () => false);
  const [busy, setBusy] = useState(false);
  if (!supported) return null;
  const post = async (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    const reply = await fetch(action, { method: "POST", body, headers: { Accept: "application/json" } });
    return { ok: reply.ok, answer: (await reply.json().catch(() => ({}))) as Answer };
  };
  const run = async () => {
    setBusy(true);
    try {
      const first = await post({ intent: "options" });
      if (!first.ok || !first.answer.options) {
        onDone({ ok: false, text: first.answer.error ?? cancelled });
        return;
      }
      const response = await startAuthentication({ optionsJSON: first.answer.options }).catch(() => null);
      if (!response) {
        onDone({ ok: false, text: cancelled });
        return;
      }
      const second = await post({ intent: "verify", response: JSON.stringify(response) });
      onDone({ ok: second.ok, text: (second.ok ? second.answer.message : second.answer.error) ?? cancelled });
    } catch {
      onDone({ ok: false, text: cancelled });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button-ghost passkey-button" onClick={run} disabled={busy || disabled}>
      {label}
    </button>
  );
}
