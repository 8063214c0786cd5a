/**
 * The phone menu is an HTML popover: the Menu button opens and closes it, Escape and a
 * tap outside close it, all without script, and browsers expose its expanded state
 * themselves. With JavaScript this also writes aria-expanded (for assistive technology
 * that only reads the attribute) and closes the menu when a link in it is chosen, which
 * matters where the page does not reload (framework pages, the back/forward cache).
 * Used by the enhancement module and, on framework pages, by SiteHeader.
 */
export function enhanceMenu(header: HTMLElement) {
  const menu = header.querySelector<HTMLElement>("[popover]");
  const toggle = header.querySelector<HTMLButtonElement>("[popovertarget]");
  if (!menu || !toggle || !("hidePopover" in menu)) return () => {};
  const isOpen = () => menu.matches(":popover-open");
  const sync = () => toggle.setAttribute("aria-expanded", String(isOpen()));
  const onClick = (event: MouseEvent) => {
    if ((event.target as Element).closest("a") && isOpen()) menu.hidePopover();
  };
  sync();
  menu.addEventListener("toggle", sync);
  menu.addEventListener("click", onClick);
  return () => {
    menu.removeEventListener("toggle", sync);
    menu.removeEventListener("click", onClick);
  };
}
