import { Form, Link, useNavigation } from "react-router";
import { getConfig } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { kickMailWorker } from "~/lib/mail.server";
import { confirmSubscription, isConfirmTokenValid } from "~/lib/newsletter.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/newsletter.confirm";

// The e-mail link opens this page; the subscription is confirmed by the button, so a
// mail scanner that follows links cannot subscribe anyone.
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: token.length > 0 && (await isConfirmTokenValid(getDb(), token)) };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const result = await confirmSubscription(getDb(), token, getConfig().siteUrl);
  if (result === "confirmed") kickMailWorker();
  return { result };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Confirm your subscription",
    description: "Confirm your newsletter subscription.",
    path: "/newsletter/confirm",
    matches,
    noindex: true,
  });

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  if (actionData?.result === "confirmed") {
    return (
      <Message title="You're subscribed.">
        Thanks for confirming. You will hear from us a few times a year, and every e-mail has a one-click unsubscribe
        link.
      </Message>
    );
  }
  if (actionData?.result === "invalid" || !loaderData.valid) {
    return (
      <Message title="This link is no longer valid.">
        It may have been used already or be more than 7 days old. Sign up again from the form at the bottom of any page.
      </Message>
    );
  }
  return (
    <Message title="Confirm your subscription">
      One click and you're on the list.
      <Form method="post" className="notice-form">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="button button-coral" disabled={busy}>
          {busy ? "Confirming..." : "Confirm my subscription"}
        </button>
      </Form>
    </Message>
  );
}

export function Message({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="container narrow notice-page">
      <p className="eyebrow">Newsletter</p>
      <h1>{title}</h1>
      <div className="lead">{children}</div>
      <p>
        <Link to="/">Back to Home</Link>
      </p>
    </section>
  );
}
