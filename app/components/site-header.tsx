import { useEffect, useId, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { contactLink, navLinks } from "~/content/site";
import { enhanceMenu } from "~/enhance/menu";
import { Logo } from "./logo";

/**
 * Desktop bar above 768px; mobile bar with a Menu/Close toggle at 768px or less. The
 * menu is a popover (opens, closes, Escape) and the button's label swaps in CSS, so it
 * works without JavaScript; enhanceMenu adds aria-expanded and closes it on a link.
 */
export function SiteHeader() {
  const menuId = useId();
  const header = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  useEffect(() => enhanceMenu(header.current!), []);
  // Framework pages navigate without a reload: the back button closes the menu too.
  useEffect(() => {
    const menu = header.current?.querySelector<HTMLElement>("[popover]");
    if (menu?.matches(":popover-open")) menu.hidePopover();
  }, [pathname]);

  return (
    <header ref={header} className="site-header">
      <div className="container header-bar desktop-bar" data-testid="desktop-bar">
        <Link reloadDocument to="/" className="logo-link" aria-label="Home">
          <Logo />
        </Link>
        <nav aria-label="Main">
          <ul className="nav-list">
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink reloadDocument to={link.to} className="nav-link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <NavLink reloadDocument to={contactLink.to} className="button button-small">
          {contactLink.label}
        </NavLink>
      </div>

      <div className="container header-bar mobile-bar" data-testid="mobile-bar">
        <Link reloadDocument to="/" className="logo-link" aria-label="Home">
          <Logo />
        </Link>
        <div className="mobile-actions">
          <NavLink reloadDocument to={contactLink.to} className="button button-small">
            {contactLink.label}
          </NavLink>
          <button type="button" className="menu-toggle" popoverTarget={menuId}>
            <span className="menu-toggle-closed">Menu</span>
            <span className="menu-toggle-open">Close</span>
          </button>
        </div>
      </div>
      <nav id={menuId} popover="auto" className="mobile-menu" aria-label="Menu" data-testid="mobile-menu">
        <ul className="container">
          {[...navLinks, contactLink].map((link) => (
            <li key={link.to}>
              <NavLink reloadDocument to={link.to} className="mobile-link">
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
