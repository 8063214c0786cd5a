import { useNonce } from "~/lib/platform/nonce";

/** Structured data for search engines, as a JSON-LD script block. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // "<" is escaped so no value can close the script element.
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replaceAll("<", "\\u003c") }}
    />
  );
}
