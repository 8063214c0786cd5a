import { data, isRouteErrorResponse, Outlet, type ShouldRevalidateFunction } from "react-router";
// The staff stylesheet as this route's own CSS file: staff pages link it, visitors never load it.
import "~/styles/admin.css";
import { ForbiddenNotice } from "~/components/staff/forbidden-notice";
import { FlashNotice } from "~/components/staff/flash-notice";
import { StaffHeader } from "~/components/staff/staff-header";
import { StaffSidebar } from "~/components/staff/staff-sidebar";
import { currentStaff } from "~/lib/auth/guard.server";
import { getDb } from "~/lib/platform/db.server";
import { readFlash } from "~/lib/platform/flash.server";
import { staffArea } from "~/lib/platform/static-page";
import { owesTwoStepEnrolment } from "~/lib/auth/access-policy.server";
import { can } from "~/lib/auth/roles";
import { unreadLeadCount } from "~/lib/visitor-forms/leads.server";
import { unreadApplicationCount } from "~/lib/applications/application-admin.server";
import type { Route } from "./+types/layout";

/**
 * Every staff page: the staff header and the sidebar (a drawer on a phone) instead of the
 * marketing header and footer. The guard itself sits one level down (guarded.ts), because
 * /blog/manage answers a signed-out visitor with its own "Ikke autorisert" page rather than
 * a redirect.
 */
export const handle = staffArea;

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  // The notice an action left for this page (decision 047): read here, once for every staff
  // page, and cleared in the same answer so a reload does not say it again.
  const flash = readFlash(request);
  const headers = flash ? { "Set-Cookie": flash.clear } : undefined;
  const notice = flash?.notice ?? null;
  // With the database down the header goes without the staff's name, and the page below
  // shows its own error state (the guard, or the page's loader, meets the same outage).
  const session = await currentStaff(context).catch(() => null);
  if (!session || session.mfaPending) return data({ staff: null, notice: null }, { headers });
  // The navigation shows what the role may open (decision 059); an unread count only to those who may read what it counts.
  const owesEnrolment = await owesTwoStepEnrolment(getDb(), session).catch(() => false);
  const [unreadLeads, unreadApplications] = await Promise.all([
    can(session.role, "leads") ? unreadLeadCount(getDb()).catch(() => 0) : 0,
    can(session.role, "applications") ? unreadApplicationCount(getDb()).catch(() => 0) : 0,
  ]);
  const staff = {
    name: session.fullName || session.email,
    email: session.email,
    unreadLeads,
    unreadApplications,
    role: session.role,
    owesEnrolment,
  };
  return data({ staff, notice }, { headers });
}

/**
 * The unread count in the navigation follows the staff member around: opening a lead
 * changes it without a form, so the header is read again whenever the page changes.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  defaultShouldRevalidate || currentUrl.pathname !== nextUrl.pathname;

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className={loaderData.staff ? "staff-shell staff-shell-with-nav" : "staff-shell"}>
      <StaffHeader staff={loaderData.staff} />
      {loaderData.staff ? (
        <StaffSidebar
          unreadLeads={loaderData.staff.unreadLeads}
          unreadApplications={loaderData.staff.unreadApplications}
          role={loaderData.staff.role}
          owesEnrolment={loaderData.staff.owesEnrolment}
        />
      ) : null}
      <main id="main" tabIndex={-1} className="staff-main">
        {loaderData.notice ? <FlashNotice notice={loaderData.notice} /> : null}
        <Outlet />
      </main>
    </div>
  );
}

/** Anything a staff page did not catch itself: the staff frame stays, with a way on. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  // The role's permission does not cover the page (decision 059): said plainly, with the way back.
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <div className="staff-shell">
      <StaffHeader staff={null} />
      <main id="main" tabIndex={-1} className="staff-main">
        {forbidden ? (
          <ForbiddenNotice />
        ) : (
          <section className="container narrow notice-page" role="alert" lang="nb">
            <p className="eyebrow">{notFound ? "404" : "Feil"}</p>
            <h1>{notFound ? "Siden finnes ikke." : "Noe gikk galt."}</h1>
            <p className="lead">
              {unavailable
                ? "Databasen svarer ikke akkurat nå. Prøv igjen om litt; ingenting er lagret halvveis."
                : "Prøv igjen om et øyeblikk. Skjer det igjen, si fra til den som drifter nettstedet."}
            </p>
            <a className="button" href="/admin">
              Til oversikten
            </a>
          </section>
        )}
      </main>
    </div>
  );
}
