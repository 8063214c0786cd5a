import { useState } from "react";

/**
 * "One item active at a time" for accordions and team cards: hover, keyboard focus or
 * a tap makes an item active; the first one is active to begin with.
 */
export function useActiveIndex(initial = 0) {
  const [active, setActive] = useState(initial);
  const bind = (index: number) => ({
    onMouseEnter: () => setActive(index),
    onFocus: () => setActive(index),
    onClick: () => setActive(index),
  });
  return { active, bind };
}
