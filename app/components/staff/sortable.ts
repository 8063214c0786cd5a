import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";

/** Moves `id` to `to` in `ids` (a new array). */
export function moveTo(ids: string[], id: string, to: number) {
  const rest = ids.filter((other) => other !== id);
  rest.splice(Math.max(0, Math.min(to, rest.length)), 0, id);
  return rest;
}

/**
 * A list put in order by drag and drop (native HTML5) and by the arrow keys on each row's
 * handle; `save` gets the new order of the ids. The order shown follows `ids` again
 * whenever they change (the server's answer). Without JavaScript none of this runs: the
 * page's own buttons do the same one step at a time.
 */
export function useSortable(ids: string[], save: (order: string[]) => void) {
  const serverKey = ids.join(",");
  const [order, setOrder] = useState(ids);
  const [shown, setShown] = useState(serverKey);
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const focusAfterMove = useRef<string | null>(null);
  const handles = useRef(new Map<string, HTMLElement>());

  // The server's order changed (saved, or another page): show it (adjusted while rendering).
  if (shown !== serverKey) {
    setShown(serverKey);
    setOrder(ids);
  }
  useEffect(() => {
    const id = focusAfterMove.current;
    if (id) handles.current.get(id)?.focus();
    focusAfterMove.current = null;
  }, [order]);

  const commit = (next: string[]) => {
    if (next.join(",") === order.join(",")) return;
    setOrder(next);
    save(next);
  };

  const rowProps = (id: string) => ({
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", id);
      setDragging(id);
    },
    onDragOver: (event: DragEvent) => {
      if (!dragging) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      if (over !== id) setOver(id);
    },
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      if (dragging && dragging !== id) commit(moveTo(order, dragging, order.indexOf(id)));
      setDragging(null);
      setOver(null);
    },
    onDragEnd: () => {
      setDragging(null);
      setOver(null);
    },
    className: [dragging === id ? "is-dragging" : "", over === id && dragging !== id ? "is-drop-target" : ""]
      .filter(Boolean)
      .join(" ") || undefined,
  });

  const handleProps = (id: string) => ({
    ref: (element: HTMLElement | null) => {
      if (element) handles.current.set(id, element);
      else handles.current.delete(id);
    },
    onKeyDown: (event: KeyboardEvent) => {
      const from = order.indexOf(id);
      const to =
        event.key === "ArrowUp" ? from - 1 : event.key === "ArrowDown" ? from + 1 : event.key === "Home" ? 0 : event.key === "End" ? order.length - 1 : null;
      if (to === null) return;
      event.preventDefault();
      if (to < 0 || to >= order.length || to === from) return;
      focusAfterMove.current = id;
      commit(moveTo(order, id, to));
    },
  });

  return { order, rowProps, handleProps };
}
