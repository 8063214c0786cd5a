import type { Person } from "~/content/about";

/** Background, wave and initials: four pairings from the brand palette. */
const palettes = [
  ["var(--teal)", "var(--green)", "var(--cream)"],
  ["var(--coral)", "var(--teal-deep)", "var(--cream)"],
  ["var(--green)", "var(--teal)", "var(--ink)"],
  ["var(--cream-deep)", "var(--coral)", "var(--teal)"],
] as const;

function initials(name: string) {
  const parts = name.split(/\s+/).filter(Boolean);
  return (parts[0]![0]! + (parts.length > 1 ? parts.at(-1)![0]! : "")).toUpperCase();
}

/**
 * A person's picture: their photo when there is one, else a monogram over a fjord's wave in
 * the brand colours (the same colours for the same name). The monogram is decorative: the name is beside it.
 */
export function Portrait({ person, className = "portrait" }: { person: Person; className?: string }) {
  // The picture's alt text says what it shows; the name beside it says who.
  if (person.photo) return <img src={person.photo} alt={person.photoAlt ?? ""} width={64} height={64} className={className} />;
  const [background, wave, ink] =
    palettes[[...person.name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % palettes.length]!;
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="32" fill={background} />
      <path d="M2.34 44 Q17 37 32 44 T61.66 44 A32 32 0 0 1 2.34 44 Z" fill={wave} />
      <text x="32" y="31" textAnchor="middle" dominantBaseline="central" fill={ink} className="portrait-initials">
        {initials(person.name)}
      </text>
    </svg>
  );
}
