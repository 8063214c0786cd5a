import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useNavigation,
} from "react-router";
import { useEffect } from "react";
import enhanceScript from "virtual:enhance-script";
import { SessionBanner } from "~/components/session-banner";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { now } from "~/lib/platform/clock.server";
import { getConfig } from "~/lib/platform/config.server";
import { currentStaff, readStaffSession } from "~/lib/auth/guard.server";
import { getDb } from "~/lib/platform/db.server";
import { getStudioDetails } from "~/lib/studio/studio-details.server";

import { INLINE_CSS_ID, useInlineCss, useNonce } from "~/lib/platform/nonce";
import { documentLanguage, isStaffArea, needsFramework } from "~/lib/platform/document-marks";
import type { Route } from "./+types/root";
import faviconSvg from "~/assets/favicon.svg?raw";

const FAVICON_DATA_URL = `data:image/svg+xml,${encodeURIComponent(faviconSvg.trim())}`;

// No nonce on these (`nonce: undefined` overrides the one <Links> gives every link): CSP
// asks for none on icons, a manifest or a feed, and each nonce in a stored page is one more
// piece every cache hit sends (server/page-cache-listener.ts).
export const links: Route.LinksFunction = () =>
  [
    { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
    // Written into the page (a data: address): a favicon file is one more request at high
    // priority while a phone is still fetching the page's fonts and first image.
    { rel: "icon", href: FAVICON_DATA_URL, type: "image/svg+xml" },
    { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
    { rel: "manifest", href: "/site.webmanifest" },
    { rel: "alternate", type: "application/rss+xml", title: "Fjord & Form blog", href: "/blog/rss.xml" },
  ].map((link) => ({ ...link, nonce: undefined }));

// Puts the session reader in the router context for every route below: the session is
// read at most once per request, and only when something asks (app/lib/auth/guard.server.ts).
export const middleware: Route.MiddlewareFunction[] = [readStaffSession];

// The root's data (settings, the studio's details, the session banner's expiry) changes only when something is
// submitted (sign-in, sign-out, extend): plain navigations do not load it again. So the
// first route below that loads data is the one whose error page shows when it fails.
export const shouldRevalidate = ({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  formMethod ? defaultShouldRevalidate : false;

export async function loader({ context }: Route.LoaderArgs) {
  const config = getConfig();
  // Only requests that carry a session cookie cost a database read here.
  const session = await currentStaff(context).catch(() => null);
  const staff =
    session && !session.mfaPending
      ? { expiresAt: session.expiresAt.toISOString(), expiresInMs: session.expiresAt.getTime() - now().getTime() }
      : null;
  // The studio's details for the footer, the legal pages and JSON-LD: cached in this process
  // until any process changes them (lib/studio), so no database read per page. The getter,
  // not the handle: with the database down the page's own error shows, not the root's.
  const studio = await getStudioDetails(getDb);
  return {
    siteUrl: config.siteUrl,
    mediaBaseUrl: config.mediaBaseUrl ?? "",
    contactEndpoint: config.contactEndpoint,
    studio,
    staff,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const inlineCss = useInlineCss();
  // Pages marked static (lib/platform/static-page.ts) work with HTML and CSS: they get the small
  // enhancement module instead of React Router's scripts (docs/decisions/020).
  const matches = useMatches();
  const framework = needsFramework(matches);
  return (
    <html lang={documentLanguage(matches)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#184B54" />
        <Meta />
        {/* Server-rendered only (see entry.server.tsx); hydration keeps it as it is. */}
        <style
          id={INLINE_CSS_ID}
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: inlineCss ?? "" }}
          suppressHydrationWarning
        />
        <Links />
        {/* Low priority: the enhancements (menus, videos, forms' polish) come after the page's own
            images and text, never before them on a phone's thin connection (decision 087). */}
        {framework ? null : <script type="module" src={enhanceScript} nonce={nonce} fetchPriority="low" />}
      </head>
      <body>
        {children}
        {framework ? (
          <>
            {/* Only the staff area navigates inside the app; the two wizards are one page
                each and every link from them loads a document, so they skip its script. */}
            {isStaffArea(matches) ? <ScrollRestoration nonce={nonce} /> : null}
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

/**
 * `<html data-hydrated>` once the framework has taken over the page and every component's
 * effects have run (the root's effect runs after its children's): from then on forms check
 * in the browser and links navigate in place. The browser tests wait for it before they
 * click; a fiber on <body> was not enough (it appears before React commits the page).
 */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
}

export default function App({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const matches = useMatches();
  const framework = needsFramework(matches);
  // The staff area brings its own header and <main> (routes/staff/layout.tsx).
  const staffArea = isStaffArea(matches);
  useHydratedMark();
  return (
    <>
      <a className="skip-link" href="#main">
        {staffArea ? "Hopp til innholdet" : "Skip to content"}
      </a>
      {/* Staff on a static page get the static page: the banner needs the framework. */}
      {loaderData.staff && framework ? (
        <SessionBanner key={loaderData.staff.expiresAt} expiresInMs={loaderData.staff.expiresInMs} />
      ) : null}
      {staffArea ? null : <SiteHeader />}
      {/* Client navigations that wait for data show a progress bar instead of a frozen page. */}
      {framework ? (
        <div className="route-progress" data-active={navigation.state === "loading"} aria-hidden="true" />
      ) : null}
      {staffArea ? (
        <Outlet />
      ) : (
        <main id="main" tabIndex={-1}>
          <Outlet />
        </main>
      )}
      {/* The footer is shown on every page except /contact, a focused, full-height wizard,
          and the sign-in pages (/login and below), which are for staff, not visitors. */}
      {staffArea || withoutFooter(matches.at(-1)?.pathname ?? "") ? null : <SiteFooter studio={loaderData.studio} />}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // No address when the root loader itself failed (the database away): the details are unknown.
  const studioEmail = useRouteLoaderData<typeof loader>("root")?.studio.email;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A staff page the role may not open, loaded in full: the guard's 403 lands here (decision
  // 059). Its words are written here, not taken from the staff layout's ForbiddenNotice: a
  // shared module would be one more file every visitor's wizard page loads (its budget).
  const [eyebrow, title, lead, back, home] =
    status === 403
      ? ["403", "Ingen tilgang.", "Rollen din gir ikke tilgang til denne siden.", "Til oversikten", "/admin"]
      : status === 404
        ? ["404", "This page doesn’t exist.", "The link may be old, or the address mistyped.", "Back to Home", "/"]
        : [
            "Something broke",
            "Sorry, something went wrong.",
            `Please try again in a moment. If it keeps happening, write to ${studioEmail ?? "us by e-mail"}.`,
            "Back to Home",
            "/",
          ];
  return (
    <>
      <SiteHeader />
      <main id="main" className="error-page">
        <section className="container narrow" lang={status === 403 ? "nb" : undefined}>
          <p className="eyebrow">{eyebrow}</p>
          <h1>{title}</h1>
          <p className="lead">{lead}</p>
          <a className="button" href={home}>
            {back}
          </a>
        </section>
      </main>
    </>
  );
}

function withoutFooter(pathname: string) {
  return pathname === "/contact" || pathname === "/login" || pathname.startsWith("/login/");
}
