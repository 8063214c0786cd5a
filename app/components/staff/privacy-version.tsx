import { Link } from "react-router";

/**
 * "Personvernerklæring: versjon av 12.03.2026": the privacy policy a consent record was
 * made under, linking to that version in the page's history (decision 053).
 */
export function PrivacyVersion({ line }: { line: { text: string; href: string | null } }) {
  return (
    <p className="privacy-version" data-testid="privacy-version">
      {line.href ? <Link to={line.href}>{line.text}</Link> : line.text}
    </p>
  );
}
