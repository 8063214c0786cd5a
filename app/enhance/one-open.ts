/**
 * Groups of <details> marked [data-one-open] (the accordions, the /about team cards).
 * Without script CSS shows the item under the pointer or with focus; this opens that
 * item instead, and keeps it open when the pointer leaves, so what is seen is what
 * assistive technology hears and one item is always open. A tap or Enter opens an item
 * and never closes the open one. "enhanced" tells the CSS to show the open item only.
 */
export function enhanceOneOpen(root: ParentNode) {
  for (const group of root.querySelectorAll<HTMLElement>("[data-one-open]")) {
    group.dataset.oneOpen = "enhanced";
    const items = [...group.querySelectorAll("details")];
    const openItemOf = (event: Event) => {
      const item = (event.target as Element).closest("details");
      if (item && items.includes(item)) for (const other of items) other.open = other === item;
    };
    group.addEventListener("mouseover", openItemOf);
    group.addEventListener("focusin", openItemOf);
    group.addEventListener("click", (event) => {
      if (!(event.target as Element).closest("summary")) return; // links in a panel work as links
      event.preventDefault();
      openItemOf(event);
    });
  }
}
