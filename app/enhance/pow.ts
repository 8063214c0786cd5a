/**
 * The visitor forms' proof of work (decision 062), the browser's half: fetch a signed
 * challenge, find the number whose SHA-256 with the salt is the challenge (WebCrypto),
 * and hand the answer to the server in the form's `altcha` field, as altcha-lib reads it.
 * Its own small file, loaded on a protected form's first focus (the enhancement module
 * and the wizards import it then), so no page downloads it up front. Nothing here asks
 * anything of the person: it runs unseen, and a submit waits for it.
 */
type Challenge = { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };

const BATCH = 64; // digests awaited together: one await per batch instead of one per number
const WAIT_SAID_MS = 1000;
const WAITING = "Checking the form before it is sent…";

async function work(): Promise<string> {
  const response = await fetch("/api/form-challenge", { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(String(response.status));
  const c: Challenge = await response.json();
  const target = c.challenge.match(/../g)!.map((pair) => parseInt(pair, 16));
  const encoder = new TextEncoder();
  for (let start = 0; start <= c.maxnumber; start += BATCH) {
    const numbers = Array.from({ length: Math.min(BATCH, c.maxnumber - start + 1) }, (_, i) => start + i);
    const digests = await Promise.all(numbers.map((n) => crypto.subtle.digest("SHA-256", encoder.encode(c.salt + n))));
    const found = digests.findIndex((digest) => new Uint8Array(digest).every((byte, i) => byte === target[i]));
    if (found >= 0) {
      const { algorithm, challenge, salt, signature } = c;
      return btoa(JSON.stringify({ algorithm, challenge, number: numbers[found], salt, signature }));
    }
  }
  throw new Error("no solution");
}

// By form; a wizard whose form comes and goes may use another object (the GDPR checklist, the document).
const pending = new WeakMap<object, Promise<string>>();

/** The form's solution, started now if it was not already (on the first focus). */
export function solve(form: object) {
  let answer = pending.get(form);
  if (!answer) {
    pending.set(form, (answer = work()));
    answer.catch(() => {}); // started ahead: a failure is the caller's to see when it asks, not an unhandled one
  }
  return answer;
}

/** The solution for one submission (each is accepted once), and the next one started; undefined if none can be had. */
export async function take(form: object): Promise<string | undefined> {
  try {
    return await solve(form);
  } catch {
    return undefined;
  } finally {
    pending.delete(form);
    solve(form).catch(() => {});
  }
}

/**
 * A plain form (the footer sign-up, the application form): the answer goes into a hidden
 * field. A submit before it is found waits for it, then goes on by itself; after a second
 * a polite status says why. Without an answer (no WebCrypto, the server away) the form
 * goes without the field, as it would without JavaScript.
 */
export default function protect(form: HTMLFormElement) {
  if (pending.has(form) || form.dataset.pow === undefined) return;
  const field = Object.assign(document.createElement("input"), { type: "hidden", name: "altcha" });
  // The form's own polite status where it has one (the footer's message line), else one of ours.
  let status = form.querySelector<HTMLElement>("[role=status]");
  if (!status) {
    status = Object.assign(document.createElement("p"), { className: "visually-hidden" });
    status.setAttribute("role", "status");
    form.append(status);
  }
  form.append(field);
  let ready: Promise<unknown>;
  const start = () => {
    field.value = "";
    ready = solve(form).then(
      (answer) => (field.value = answer),
      () => field.remove(),
    );
  };
  start();
  // Capturing, so it runs before the form's own submit handlers (the enhancement module's).
  form.addEventListener(
    "submit",
    (event) => {
      if (field.value || !field.isConnected) {
        // This submit has read the answer (each is accepted once): the next one needs its own.
        setTimeout(() => {
          pending.delete(form);
          if (field.isConnected) start();
        });
        return;
      }
      event.preventDefault();
      event.stopImmediatePropagation();
      const said = setTimeout(() => (status.textContent = WAITING), WAIT_SAID_MS);
      void ready.then(() => {
        clearTimeout(said);
        if (status.textContent === WAITING) status.textContent = "";
        form.requestSubmit(event.submitter as HTMLElement | null);
      });
    },
    true,
  );
}
