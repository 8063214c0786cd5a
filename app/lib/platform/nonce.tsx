import { createContext, useContext } from "react";

/** The CSP nonce of this server render. */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export const INLINE_CSS_ID = "inline-css";

// In the browser, what the server put into the document, read once before React renders:
// when an error boundary replaces the page React mounts <style> again, and it must
// mount it with the same text and the same nonce (the attribute is hidden from the
// DOM, the property is not), or the error page would lose every style: empty, or
// refused by the Content Security Policy.
const inlinedStyle = typeof document === "undefined" ? null : document.getElementById(INLINE_CSS_ID);

export function useNonce() {
  return useContext(NonceContext) ?? inlinedStyle?.nonce;
}

/**
 * The site's stylesheet, given by entry.server to the server render only: it is inlined
 * in the document, and the browser bundle never carries a second copy of it.
 */
const InlineCssContext = createContext<string | undefined>(undefined);

export const InlineCssProvider = InlineCssContext.Provider;

export function useInlineCss() {
  return useContext(InlineCssContext) ?? inlinedStyle?.textContent ?? undefined;
}
