import { useEffect, useId, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { contactLink, navLinks } from "~/content/site";
import { Logo } from "./logo";

/** Desktop bar above 768px; mobile bar with a Menu/Close toggle at 768px or less. */
export function SiteHeader() {
  const menuId = useId();
  const { pathname } = useLocation();
  // The menu is open for the page it was opened on: any navigation (a link, the back
  // button) closes it without an effect.
  const [openOnPath, setOpenOnPath] = useState<string | null>(null);
  const menuOpen = openOnPath === pathname;
  const setMenuOpen = (open: boolean) => setOpenOnPath(open ? pathname : null);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpenOnPath(null);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="container header-bar desktop-bar" data-testid="desktop-bar">
        <Link to="/" className="logo-link" aria-label="Home">
          <Logo />
        </Link>
        <nav aria-label="Main">
          <ul className="nav-list">
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="nav-link" prefetch="intent">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <NavLink to={contactLink.to} className="button button-small" prefetch="intent">
          {contactLink.label}
        </NavLink>
      </div>

      <div className="container header-bar mobile-bar" data-testid="mobile-bar">
        <Link to="/" className="logo-link" aria-label="Home">
          <Logo />
        </Link>
        <div className="mobile-actions">
          <NavLink to={contactLink.to} className="button button-small">
            {contactLink.label}
          </NavLink>
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? "Close" : "Menu"}
          </button>
        </div>
      </div>
      <nav id={menuId} className="mobile-menu" aria-label="Menu" hidden={!menuOpen} data-testid="mobile-menu">
        <ul className="container">
          {[...navLinks, contactLink].map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className="mobile-link" onClick={() => setMenuOpen(false)}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
