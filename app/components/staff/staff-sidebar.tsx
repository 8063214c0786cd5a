import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import type { Role } from "~/lib/auth/roles";
import { currentNavItem, navFor } from "~/lib/staff/staff-nav";

type Props = { unreadLeads: number; unreadApplications: number; role: Role; owesEnrolment: boolean };

/** The items whose link carries an unread count beside it, and the count's element id. */
function unreadOf(to: string, counts: { unreadLeads: number; unreadApplications: number }) {
  const unread =
    to === "/admin/inbox"
      ? { count: counts.unreadLeads, id: "staff-nav-unread" }
      : to === "/admin/applications"
        ? { count: counts.unreadApplications, id: "staff-nav-unread-applications" }
        : undefined;
  return unread && unread.count > 0 ? unread : undefined;
}

const DRAWER_ID = "staff-drawer";

/**
 * The staff navigation: a sidebar on a desktop, a drawer on a phone (decision 060). The
 * drawer is a native popover opened by its button, so it opens, closes on Escape or a tap
 * outside and gives focus back to the button without any JavaScript; on a desktop the CSS
 * shows the same list as a sidebar and hides the button. With JavaScript it also closes on
 * a client-side navigation and moves focus to the current item when it opens.
 */
export function StaffSidebar({ unreadLeads, unreadApplications, role, owesEnrolment }: Props) {
  const { pathname } = useLocation();
  const current = currentNavItem(pathname);
  const drawer = useRef<HTMLDivElement>(null);

  // A link followed inside the open drawer navigates without a page load: close it then.
  useEffect(() => {
    const element = drawer.current;
    if (element?.matches(":popover-open")) element.hidePopover();
  }, [pathname]);

  useEffect(() => {
    const element = drawer.current;
    if (!element) return;
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState !== "open") return;
      const target =
        element.querySelector<HTMLElement>('[aria-current="page"]') ?? element.querySelector<HTMLElement>("a");
      target?.focus();
    };
    element.addEventListener("toggle", onToggle);
    return () => element.removeEventListener("toggle", onToggle);
  }, []);

  return (
    <nav aria-label="Stab" className="staff-nav" lang="nb">
      <div className="staff-nav-bar">
        <button type="button" className="staff-nav-toggle" popoverTarget={DRAWER_ID}>
          <span className="staff-nav-toggle-icon" aria-hidden="true" />
          Meny
        </button>
      </div>
      <div id={DRAWER_ID} className="staff-drawer" popover="auto" ref={drawer}>
        <div className="staff-drawer-head">
          <span className="staff-drawer-title">Meny</span>
          <button type="button" className="staff-drawer-close" popoverTarget={DRAWER_ID} popoverTargetAction="hide">
            Lukk
          </button>
        </div>
        {/* Only what the role may open (decision 059). */}
        {navFor(role, owesEnrolment).map((group, index) => {
          const headingId = group.label ? `staff-nav-group-${index}` : undefined;
          return (
            <div key={group.label ?? index} className="staff-nav-group">
              {group.label ? (
                <p className="staff-nav-group-label" id={headingId}>
                  {group.label}
                </p>
              ) : null}
              <ul aria-labelledby={headingId}>
                {group.items.map((item) => {
                  const unread = unreadOf(item.to, { unreadLeads, unreadApplications });
                  return (
                    <li key={item.to}>
                      <Link
                        to={item.to}
                        aria-current={item.to === current ? "page" : undefined}
                        aria-describedby={unread?.id}
                      >
                        {item.label}
                      </Link>
                      {/* Beside the link, not in it: the link is named "Innboks" and the count describes it. */}
                      {unread ? (
                        <span id={unread.id} className="staff-nav-count">
                          {unread.count}
                          <span className="visually-hidden"> uleste</span>
                        </span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </div>
          );
        })}
      </div>
    </nav>
  );
}
