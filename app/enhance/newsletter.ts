import { type NewsletterStatus, searchWithoutResult, statusOf, statusFromSearch } from "../lib/visitor-forms/newsletter-result";

const MESSAGE_VISIBLE_MS = 5_000;

/**
 * The footer sign-up with JavaScript: the address goes as JSON to /api/contact (the
 * spec's API) without leaving the page; the form is disabled while it waits, and the
 * outcome shows for 5 seconds. Without JavaScript the same form posts to
 * /newsletter/subscribe, which sends the visitor back with the outcome in the address.
 * Used by the enhancement module on static pages and by the footer's React component
 * on framework pages (one implementation; React renders no state of its own here).
 */
export function enhanceNewsletter(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>("input[name=email]")!;
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]")!;
  const message = form.querySelector<HTMLElement>("[role=status]")!;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const show = (status: NewsletterStatus | null) => {
    clearTimeout(timer);
    message.textContent = status?.message ?? "";
    message.className = `form-message ${status?.kind ?? "idle"}`;
    if (status) timer = setTimeout(() => show(null), MESSAGE_VISIBLE_MS);
  };
  const setBusy = (busy: boolean) => {
    input.disabled = busy;
    button.disabled = busy;
    button.textContent = busy ? "Subscribing..." : "Subscribe";
  };

  // The outcome of a post made before this script ran (the address carries it) goes
  // after 5 seconds too, and out of the address, so a reload does not show it again.
  const arrived = statusFromSearch(location.search);
  if (arrived) {
    show(arrived);
    history.replaceState(history.state, "", location.pathname + searchWithoutResult(location.search) + location.hash);
  }

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    // Every field of the form (the honeypot, the stamp and proof of decision 062), read before they are disabled.
    const sent = JSON.stringify({ ...Object.fromEntries(new FormData(form)), email: input.value.trim().toLowerCase(), type: "newsletter" });
    show(null);
    setBusy(true);
    let outcome: NewsletterStatus;
    try {
      const response = await fetch(form.dataset.endpoint || "/api/contact", {
        method: "POST",
        // (No Accept header: /api/contact answers JSON whatever it says; the bytes went to decision 062's hook.)
        headers: { "Content-Type": "application/json" },
        body: sent,
      });
      if (!response.ok) throw 0; // only to the catch below: no message is shown from it
      // Our 2xx is always JSON; anything else is a failure too.
      const body = (await response.json()) as { alreadySubscribed?: boolean };
      input.value = "";
      outcome = statusOf(body.alreadySubscribed ? "already" : "subscribed");
    } catch {
      outcome = statusOf("failed");
    }
    setBusy(false);
    show(outcome);
  };
  form.addEventListener("submit", onSubmit);
  form.dataset.enhanced = "";
  return () => {
    form.removeEventListener("submit", onSubmit);
    clearTimeout(timer);
    delete form.dataset.enhanced;
  };
}
