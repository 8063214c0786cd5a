import { useState } from "react";
import { useReducedMotion } from "./use-reduced-motion";

/**
 * Play/pause state for a group of looping videos. They play on their own unless the
 * visitor prefers reduced motion; either way the visitor can toggle them (WCAG 2.2.2).
 */
export function usePlayback() {
  const reducedMotion = useReducedMotion();
  const [choice, setChoice] = useState<"play" | "pause" | null>(null);
  const paused = choice ? choice === "pause" : reducedMotion;
  return {
    paused,
    toggle: () => setChoice(paused ? "play" : "pause"),
    toggleLabel: paused ? "Play videos" : "Pause videos",
  };
}
