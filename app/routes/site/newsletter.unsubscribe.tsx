import { data } from "react-router";
import { getDb } from "~/lib/platform/db.server";
import { findByUnsubscribeToken, unsubscribe } from "~/lib/visitor-forms/newsletter.server";
import { pageMeta } from "~/lib/site/seo";
import { staticPage } from "~/lib/platform/static-page";
import { isWellFormedToken } from "~/lib/platform/tokens.server";
import type { Route } from "./+types/newsletter.unsubscribe";
import { Message } from "./newsletter.confirm";

export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const subscriber = token ? await findByUnsubscribeToken(getDb(), token) : undefined;
  const page = { token, email: subscriber?.email, status: subscriber?.status };
  // Not even shaped like one of our links (never looked up): the same page, as a 400.
  return data(page, { status: token && !isWellFormedToken(token) ? 400 : 200 });
}

/**
 * The button on this page, and RFC 8058 one-click unsubscribe: mail providers POST
 * "List-Unsubscribe=One-Click" to the link from the List-Unsubscribe header.
 */
export async function action({ request, url }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const token = String(form.get("token") ?? url.searchParams.get("token") ?? "");
  const result = await unsubscribe(getDb(), token);
  return data({ result }, { status: isWellFormedToken(token) ? 200 : 400 });
}

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Unsubscribe",
    description: "Unsubscribe from the newsletter.",
    path: "/newsletter/unsubscribe",
    matches,
    noindex: true,
  });

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.result === "unsubscribed" || loaderData.status === "unsubscribed") {
    return (
      <Message title="You’re unsubscribed.">You will get no more newsletters from us. Sorry to see you go.</Message>
    );
  }
  if (actionData?.result === "invalid" || !loaderData.email) {
    return <Message title="This link is not valid.">Check that you copied the whole link from the e-mail.</Message>;
  }
  return (
    <Message title="Unsubscribe from the newsletter?">
      {loaderData.email} will get no more newsletters from us.
      {/* A plain form post to this address: it works the same with or without JavaScript. */}
      <form method="post" className="notice-form">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="button">
          Unsubscribe
        </button>
      </form>
    </Message>
  );
}
