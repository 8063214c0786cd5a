import { type AnchorHTMLAttributes, useEffect, useId, useRef } from "react";
import { useLocation } from "react-router";
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
        <a href="/" className="logo-link" aria-label="Home">
          <Logo />
        </a>
        <nav aria-label="Main">
          <ul className="nav-list">
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavAnchor to={link.to} className="nav-link">
                  {link.label}
                </NavAnchor>
              </li>
            ))}
          </ul>
        </nav>
        <NavAnchor to={contactLink.to} className="button button-small">
          {contactLink.label}
        </NavAnchor>
      </div>

      <div className="container header-bar mobile-bar" data-testid="mobile-bar">
        <a href="/" className="logo-link" aria-label="Home">
          <Logo />
        </a>
        <div className="mobile-actions">
          <NavAnchor to={contactLink.to} className="button button-small">
            {contactLink.label}
          </NavAnchor>
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
              <NavAnchor to={link.to} className="mobile-link">
                {link.label}
              </NavAnchor>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

/**
 * A link of the site's navigation, marked as the current page the way React Router's
 * NavLink marks one: `aria-current="page"` and the class `active` on the link to this page
 * or a page below it (`/blog` on a post), letter case ignored. A plain `<a>`, as every link
 * on the public pages (decision 078): they load a whole document (the static pages have
 * no router in the browser, decision 020), and a NavLink's resolving of its path, prefetch
 * and click handling, fourteen times a page here, were ~6 % of a render's CPU.
 */
function NavAnchor({ to, className, ...rest }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string }) {
  const current = isCurrentPath(useLocation().pathname, to);
  return (
    <a
      href={to}
      aria-current={current ? "page" : undefined}
      className={current ? `${className ?? ""} active`.trim() : className}
      {...rest}
    />
  );
}

/** NavLink's rule (without `end`): the same path, or a path below it. */
function isCurrentPath(pathname: string, to: string) {
  const here = pathname.toLowerCase();
  const target = to.toLowerCase();
  const end = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return here === target || (here.startsWith(target) && here.charAt(end) === "/");
}
