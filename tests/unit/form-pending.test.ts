import { createMemoryRouter, type Navigation, redirect } from "react-router";
import { describe, expect, it } from "vitest";
import { type FormIdentity, isFormPending } from "~/components/forms/use-is-pending";

// Which submissions count as a form's own (#24: one form sent marked every form on the
// page busy). The navigations are the router's own: a memory router whose actions and
// loaders wait until the test lets them go, so each state can be looked at while it lasts.

/** A door an action or loader waits at: `reached` when something waits, `open()` lets it through. */
function gate() {
  let open!: () => void;
  let reach!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const reached = new Promise<void>((resolve) => (reach = resolve));
  return {
    reached,
    open,
    wait: () => {
      reach();
      return opened;
    },
  };
}

function pageRouter(start: string) {
  const gates = { action: gate(), loader: gate() };
  let holding = false;
  const heldLoader = async () => {
    if (holding) await gates.loader.wait();
    return null;
  };
  const heldAction = async () => {
    await gates.action.wait();
    return null;
  };
  const router = createMemoryRouter(
    [
      {
        path: "/",
        children: [
          { index: true, loader: heldLoader, action: heldAction },
          { path: "admin/inbox/:id", loader: heldLoader, action: heldAction },
          { path: "blog/cms", loader: heldLoader, action: heldAction },
          { path: "admin/settings", loader: heldLoader },
          {
            path: "admin/settings/password",
            loader: heldLoader,
            action: async () => {
              await gates.action.wait();
              return redirect("/admin/settings");
            },
          },
        ],
      },
    ],
    { initialEntries: [start] },
  );
  return {
    router,
    gates,
    /** From now on the loaders wait too (the first render's data is already there). */
    holdLoaders: () => (holding = true),
  };
}

type Router = ReturnType<typeof createMemoryRouter>;

/** Resolves once the router's state passes `check` (at once when it already does). */
function until(router: Router, check: (state: Router["state"]) => boolean) {
  return new Promise<void>((resolve) => {
    if (check(router.state)) return resolve();
    const stop = router.subscribe((state) => {
      if (!check(state)) return;
      stop();
      resolve();
    });
  });
}
const ready = (router: Router) => until(router, (state) => state.initialized);

const body = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

const lead = "/admin/inbox/7";
const note: FormIdentity = { action: lead, fields: { intent: "note" } };
const status: FormIdentity = { action: lead, fields: { intent: "status" } };

describe("isFormPending: the one form being sent is busy, its neighbours are not", () => {
  it("while a note is saved, the note form is busy and the status form beside it is not", async () => {
    const { router, gates, holdLoaders } = pageRouter(lead);
    await ready(router);
    holdLoaders();
    void router.navigate(lead, { formMethod: "post", formData: body({ intent: "note", body: "Ringte." }) });
    await gates.action.reached;
    const sending = router.state.navigation;
    expect(sending.state).toBe("submitting");
    expect(isFormPending(sending, note)).toBe(true);
    expect(isFormPending(sending, note, "submitting")).toBe(true);
    expect(isFormPending(sending, status)).toBe(false);

    // The action answered; the page reloads its data: still the note's, until the answer shows.
    gates.action.open();
    await gates.loader.reached;
    const loading = router.state.navigation;
    expect(loading.state).toBe("loading");
    expect(isFormPending(loading, note)).toBe(true);
    expect(isFormPending(loading, note, "submitting")).toBe(false);
    expect(isFormPending(loading, status)).toBe(false);

    gates.loader.open();
    await until(router, (state) => state.navigation.state === "idle");
    expect(isFormPending(router.state.navigation, note)).toBe(false);
    router.dispose();
  });

  it("a form posting to another address is told apart by its action, through the redirect that answers it", async () => {
    const { router, gates, holdLoaders } = pageRouter("/admin/settings");
    await ready(router);
    holdLoaders();
    const password: FormIdentity = { action: "/admin/settings/password" };
    const twoStep: FormIdentity = { action: "/admin/settings/two-step/enrol", fields: { intent: "start" } };
    void router.navigate("/admin/settings/password", { formMethod: "post", formData: body({ current: "x", next: "y" }) });
    await gates.action.reached;
    expect(isFormPending(router.state.navigation, password)).toBe(true);
    expect(isFormPending(router.state.navigation, twoStep)).toBe(false);
    gates.action.open();
    // The redirect's page loads with the submission still on the navigation.
    await gates.loader.reached;
    expect(router.state.navigation.location?.pathname).toBe("/admin/settings");
    expect(isFormPending(router.state.navigation, password)).toBe(true);
    gates.loader.open();
    router.dispose();
  });

  it("an index route's form action carries ?index, as <Form> and useFormAction resolve it", async () => {
    const { router, gates } = pageRouter("/");
    await ready(router);
    void router.navigate("/?index", { formMethod: "post", formData: body({ intent: "dismiss" }) });
    await gates.action.reached;
    expect(isFormPending(router.state.navigation, { action: "/?index", fields: { intent: "dismiss" } })).toBe(true);
    expect(isFormPending(router.state.navigation, { action: "/", fields: { intent: "dismiss" } })).toBe(false);
    gates.action.open();
    router.dispose();
  });

  it("a form with several submit buttons is busy for any of its intents, not for a neighbour form's", async () => {
    // The blog editor: one form, four buttons; the review panel's "Trekk tilbake" beside it.
    const { router, gates, holdLoaders } = pageRouter("/blog/cms");
    await ready(router);
    holdLoaders();
    const editor: FormIdentity = { action: "/blog/cms", fields: { intent: ["publish", "draft", "schedule", "submit"] } };
    const withdraw: FormIdentity = { action: "/blog/cms", fields: { intent: "withdraw" } };
    void router.navigate("/blog/cms", { formMethod: "post", formData: body({ intent: "draft", title: "Utkast" }) });
    await gates.action.reached;
    expect(isFormPending(router.state.navigation, editor, "submitting")).toBe(true);
    expect(isFormPending(router.state.navigation, withdraw)).toBe(false);
    gates.action.open();
    await gates.loader.reached;
    // Answered: the editor's data loads again, still the editor's submission ("Laster...").
    expect(isFormPending(router.state.navigation, editor)).toBe(true);
    expect(isFormPending(router.state.navigation, editor, "submitting")).toBe(false);
    gates.loader.open();
    await until(router, (state) => state.navigation.state === "idle");

    // The neighbour's form is sent: the editor is not busy.
    const next = pageRouter("/blog/cms");
    await ready(next.router);
    void next.router.navigate("/blog/cms", { formMethod: "post", formData: body({ intent: "withdraw" }) });
    await next.gates.action.reached;
    expect(isFormPending(next.router.state.navigation, withdraw)).toBe(true);
    expect(isFormPending(next.router.state.navigation, editor)).toBe(false);
    next.gates.action.open();
    router.dispose();
    next.router.dispose();
  });

  it("a link being followed is nobody's submission", async () => {
    const { router, gates, holdLoaders } = pageRouter(lead);
    await ready(router);
    holdLoaders();
    void router.navigate("/admin/settings");
    await gates.loader.reached;
    expect(router.state.navigation.state).toBe("loading");
    expect(isFormPending(router.state.navigation, note)).toBe(false);
    expect(isFormPending(router.state.navigation, { action: "/admin/settings" })).toBe(false);
    gates.loader.open();
    router.dispose();
  });
});

describe("isFormPending: the fields that name a form", () => {
  const submitting = (action: string, fields: Record<string, string>, formMethod: Navigation["formMethod"] = "POST") =>
    ({ state: "submitting", formAction: action, formMethod, formData: body(fields) }) as const;

  it("rows with the same intent: only the row whose id was sent", () => {
    const sent = submitting("/admin/redirects", { intent: "remove", id: "b", confirm: "on" });
    expect(isFormPending(sent, { action: "/admin/redirects", fields: { intent: "remove", id: "b" } })).toBe(true);
    expect(isFormPending(sent, { action: "/admin/redirects", fields: { intent: "remove", id: "a" } })).toBe(false);
    // A form that names no fields is any submission to its action (the page's only form).
    expect(isFormPending(sent, { action: "/admin/redirects" })).toBe(true);
  });

  it("null: the form that sends no intent, beside forms that do", () => {
    const sendNow = { action: "/admin/newsletter/1/send", fields: { intent: null } };
    expect(isFormPending(submitting("/admin/newsletter/1/send", { confirm: "on" }), sendNow)).toBe(true);
    expect(isFormPending(submitting("/admin/newsletter/1/send", { intent: "schedule", confirm: "on" }), sendNow)).toBe(false);
  });

  it("a list: any one of its values, and a submission without the field is none of them", () => {
    const editor = { action: "/blog/cms?edit=1", fields: { intent: ["publish", "draft"] } };
    expect(isFormPending(submitting("/blog/cms?edit=1", { intent: "publish" }), editor)).toBe(true);
    expect(isFormPending(submitting("/blog/cms?edit=1", { intent: "draft" }), editor)).toBe(true);
    expect(isFormPending(submitting("/blog/cms?edit=1", { intent: "send-back" }), editor)).toBe(false);
    expect(isFormPending(submitting("/blog/cms?edit=1", { title: "Uten knapp" }), editor)).toBe(false);
    expect(isFormPending(submitting("/blog/cms?edit=2", { intent: "publish" }), editor)).toBe(false);
  });

  it("a GET form to the same address (a filter) is not the POST form's submission", () => {
    expect(isFormPending(submitting("/admin/inbox/7", { intent: "note" }, "GET"), note)).toBe(false);
  });
});
