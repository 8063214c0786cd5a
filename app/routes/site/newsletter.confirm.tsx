import { data } from "react-router";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import { confirmSubscription, isConfirmTokenValid } from "~/lib/visitor-forms/newsletter.server";
import { pageMeta } from "~/lib/site/seo";
import { isWellFormedToken } from "~/lib/platform/tokens.server";
import { staticPage } from "~/lib/platform/static-page";
import type { Route } from "./+types/newsletter.confirm";

// The e-mail link opens this page; the subscription is confirmed by the button, so a
// mail scanner that follows links cannot subscribe anyone.
export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const page = { token, valid: token.length > 0 && (await isConfirmTokenValid(getDb(), token)) };
  // Not even shaped like one of our links (never looked up): the same page, as a 400.
  return data(page, { status: token && !isWellFormedToken(token) ? 400 : 200 });
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const result = await confirmSubscription(getDb(), token, getConfig().siteUrl);
  return data({ result }, { status: isWellFormedToken(token) ? 200 : 400 });
}

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Confirm your subscription",
    description: "Confirm your newsletter subscription.",
    path: "/newsletter/confirm",
    matches,
    noindex: true,
  });

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.result === "confirmed") {
    return (
      <Message title="You’re subscribed.">
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
      One click and you’re on the list.
      {/* A plain form post to this address: it works the same with or without JavaScript. */}
      <form method="post" className="notice-form">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="button button-coral">
          Confirm my subscription
        </button>
      </form>
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
        <a href="/">Back to Home</a>
      </p>
    </section>
  );
}
