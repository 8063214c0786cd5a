import type { KeyboardEvent, ReactNode } from "react";

/**
 * A row's actions behind one "⋯ Handlinger" button (issue 32), so a busy table shows one
 * control per row instead of three. A native `<details>`: it opens with a click, Enter or
 * Space, and works without JavaScript (staff pages render on the server first). The only
 * script is Escape, which closes the menu and puts focus back on its button. The menu
 * opens in the row's flow, not over it, so it never runs off a phone's screen.
 *
 * `danger` holds what removes or shuts out (delete, deactivate): last, below a rule and a
 * gap, so a slip of the finger on the everyday actions cannot land on it. Those actions keep
 * their own confirmation (a ticked box, and the browser's dialog).
 */
export function RowMenu({
  name,
  open = false,
  children,
  danger,
}: {
  name: string;
  open?: boolean;
  children?: ReactNode;
  danger?: ReactNode;
}) {
  // `open`: the row has an answer to show (a refused delete), which must not hide in a closed menu.
  return (
    <details className="row-menu" open={open} onKeyDown={closeOnEscape}>
      <summary className="button button-small button-ghost">
        <span aria-hidden="true">⋯</span> Handlinger<span className="visually-hidden"> for {name}</span>
      </summary>
      {children ? <div className="row-menu-items">{children}</div> : null}
      {danger ? <div className="row-menu-items row-menu-danger">{danger}</div> : null}
    </details>
  );
}

function closeOnEscape(event: KeyboardEvent<HTMLDetailsElement>) {
  if (event.key !== "Escape" || !event.currentTarget.open) return;
  event.currentTarget.open = false;
  event.currentTarget.querySelector("summary")?.focus();
}
