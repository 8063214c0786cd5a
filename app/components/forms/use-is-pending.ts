import { type Navigation, useFormAction, useNavigation } from "react-router";

/**
 * A busy state per form (#24). The router has one navigation for the whole page, so
 * `useNavigation().state !== "idle"` is true for every form on it while any one of them
 * is sent (or a link is followed): the note form said "busy" while the status was saved.
 * A form is pending only when the navigation carries *its* submission: the router keeps
 * the submission's action, method and body on the navigation while the action runs and
 * while the page loads its answer (a redirect's too), so the form is recognised by what
 * it sends.
 */

/** What tells one form's submission from its neighbours' on the same page. */
export type FormIdentity = {
  /** The form's action as the router resolves it (`useFormAction(action)`, what `<Form>` renders). */
  action: string;
  /** "POST" unless said otherwise. */
  method?: string;
  /**
   * Values the form sends and no neighbour sends alike: its `intent`, a row's id. `null`
   * means the form sends no such field (the one form on a page without an intent); a list,
   * any one of these values (a form whose several submit buttons send several intents).
   */
  fields?: Record<string, FieldMatch>;
};

/** One value, any of several (`readonly string[]`), or `null` for "not sent". */
export type FieldMatch = string | null | readonly string[];

/** "submitting": only while the action runs; "non-idle": until the page shows its answer. */
export type PendingState = "submitting" | "non-idle";

type SubmissionView = Pick<Navigation, "state" | "formAction" | "formMethod" | "formData">;

/** The hook's decision, apart from React: is `navigation` this form's submission? */
export function isFormPending(navigation: SubmissionView, form: FormIdentity, state: PendingState = "non-idle") {
  if (navigation.state === "idle" || (state === "submitting" && navigation.state !== "submitting")) return false;
  // A link being followed (a "loading" navigation without a body) is nobody's submission.
  const body = navigation.formData;
  if (!body || navigation.formAction !== form.action) return false;
  if (navigation.formMethod?.toUpperCase() !== (form.method ?? "POST").toUpperCase()) return false;
  return Object.entries(form.fields ?? {}).every(([name, value]) => {
    if (value === null) return !body.has(name);
    const sent = body.get(name);
    return typeof value === "string" ? sent === value : typeof sent === "string" && value.includes(sent);
  });
}

/**
 * True while this form is being sent: call it in the component that renders the `<Form>`,
 * with the same `action` (none: the route's own) and the fields that name the form on its
 * page. `intent` is the usual one (a list: a form whose submit buttons send different
 * intents); `fields` adds others (a row's `id`).
 *
 *   const busy = useIsPending({ intent: "note" });
 *   const busy = useIsPending({ action: PASSWORD_PATH, state: "submitting" });
 *   const busy = useIsPending({ intent: "remove", fields: { id } });
 *   const busy = useIsPending({ intent: ["publish", "draft"], state: "submitting" });
 */
export function useIsPending({
  action,
  intent,
  fields,
  state = "non-idle",
}: {
  action?: string;
  intent?: FieldMatch;
  fields?: Record<string, FieldMatch>;
  state?: PendingState;
} = {}) {
  const navigation = useNavigation();
  // Resolved as `<Form action>` resolves it (the route's path and search, `?index` on an index route).
  const formAction = useFormAction(action);
  return isFormPending(
    navigation,
    { action: formAction, fields: intent === undefined ? fields : { ...fields, intent } },
    state,
  );
}
