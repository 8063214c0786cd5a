import { Link } from "react-router";
import { PortfolioForm } from "~/components/staff/portfolio-form";
import { getConfig } from "~/lib/platform/config.server";
import { savePortfolioFromRequest } from "~/lib/showcase/portfolio-request.server";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.work.new";

/** /admin/work/new: a new showcase item, with its video and poster. */
export const meta: Route.MetaFunction = () => staffMeta("Nytt prosjekt");

export function loader() {
  return { videoMaxMb: getConfig().videoMaxBytes / (1024 * 1024) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return savePortfolioFromRequest(request, context);
}

export default function NewPortfolioItem({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <p>
        <Link to="/admin/work">← Til arbeidet</Link>
      </p>
      <h1 className="admin-title">Nytt prosjekt</h1>
      <PortfolioForm lastResult={actionData?.result} videoMaxMb={loaderData.videoMaxMb} submitLabel="Lagre prosjektet" />
    </>
  );
}
