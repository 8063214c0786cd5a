/**
 * The gate of the plain forms' proof of work (decision 062), for forms marked [data-pow]
 * (the footer sign-up, the application form). The solver is a file of its own
 * (__POW_SCRIPT__), loaded on such a form's first focus; it then takes the form over,
 * holding a submit until the answer is found, and the form is marked armed. Before that, a
 * submit is held here, at the window, ahead of the form's own handlers, and sent again once
 * the form is armed: a quick visitor (autofill and Enter, a slow connection) who submits
 * before the file arrives still sends the answer. If the file cannot be had, the form is
 * armed without it and goes unverified, as without JavaScript.
 * Shared by the enhancement module (content pages) and the footer's React component;
 * every byte counts against decision 020's 2 KB.
 */
let solver: Promise<{ default(form: HTMLFormElement): void }> | undefined;

const arm = (form: HTMLFormElement) =>
  (solver ??= import(/* @vite-ignore */ __POW_SCRIPT__))
    .then((pow) => pow.default(form), () => {})
    .then(() => (form.dataset.pow = "armed"));

/** Once per page: the window's listeners see every form's events first. */
export function gateProtectedForms() {
  addEventListener("focusin", (event) => {
    const form = (event.target as HTMLInputElement).form;
    if (form?.dataset.pow === "") void arm(form);
  });
  addEventListener(
    "submit",
    (event) => {
      const form = event.target as HTMLFormElement;
      if (form.dataset.pow !== "") return;
      event.preventDefault();
      event.stopImmediatePropagation();
      void arm(form).then(() => form.requestSubmit(event.submitter));
    },
    true,
  );
}
