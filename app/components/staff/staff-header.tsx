import { useEffect, useRef } from "react";
import { Form, Link, useLocation } from "react-router";
import { siteConfig } from "~/content/site";
import { currentNavItem, STAFF_NAV } from "~/lib/staff/staff-nav";

type Props = { staff: { name: string; email: string; unreadLeads: number; unreadApplications?: number } | null };

/** The items whose link carries an unread count beside it, and the count's element id. */
const unreadOf = (to: string, staff: NonNullable<Props["staff"]>) =>
  to === "/admin/inbox"
    ? { count: staff.unreadLeads, id: "staff-nav-unread" }
    : to === "/admin/applications"
      ? { count: staff.unreadApplications ?? 0, id: "staff-nav-unread-applications" }
      : undefined;

/** The back office's one header: the way back to the public site, the staff navigation, who is signed in. */
export function StaffHeader({ staff }: Props) {
  const current = currentNavItem(useLocation().pathname);
  const nav = useRef<HTMLElement>(null);
  // On a phone the navigation scrolls sideways: show where we are in it.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: "nearest", inline: "center" });
  }, [current]);
  return (
    <header className="staff-header">
      <div className="staff-header-row">
        <Link to="/" className="staff-brand" reloadDocument>
          {/* The logo file itself, not <Logo />: sharing that component with the root would
              split it into a file of its own that every visitor's wizard page loads. */}
          <img className="logo-image" src="/logo-on-dark.svg" alt={siteConfig.brand} width={160} height={28} />
          <span className="staff-brand-back" lang="nb">
            Til nettstedet
          </span>
        </Link>
        {staff ? (
          <Form method="post" action="/logout" className="staff-account">
            <span className="staff-user" title={staff.email}>
              {staff.name}
            </span>
            <button type="submit" className="button button-small button-ghost">
              Logout
            </button>
          </Form>
        ) : null}
      </div>
      {staff ? (
        <nav aria-label="Stab" className="staff-nav" lang="nb" ref={nav}>
          <ul>
            {STAFF_NAV.map((item) => {
              const unread = unreadOf(item.to, staff);
              const shown = unread && unread.count > 0 ? unread : undefined;
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={item.to === current ? "page" : undefined}
                    aria-describedby={shown?.id}
                  >
                    {item.label}
                  </Link>
                  {/* Beside the link, not in it: the link is named "Innboks" and the count describes it. */}
                  {shown ? (
                    <span id={shown.id} className="staff-nav-count">
                      {shown.count}
                      <span className="visually-hidden"> uleste</span>
                    </span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
