import type { KeyboardEvent, ReactNode } from "react";

/**
 * A row's actions behind one "⋯ Handlinger" button (issue 32), so a busy table shows one
 * control per row instead of three. A native `<details>`: it opens with a click, Enter or
 * Space, and works without JavaScript (staff pages render on the server first). The only
 * script is Escape, which closes the menu and puts focus back on its button. The menu
 * opens in the row's flow, not over it, so it never runs off a phone's screen. What
 * removes something (`danger`: a confirmed delete) sits below a line, apart from the
 * everyday actions, so a hurried tap on "Publiser" never lands on "Slett".
 */
export function RowMenu({
  name,
  open = false,
  danger,
  children,
}: {
  name: string;
  open?: boolean;
  danger?: ReactNode;
  children?: ReactNode;
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
