import { createContext, useContext } from "react";

/** The CSP nonce of this server render; empty in the browser, which hides nonces anyway. */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}

/**
 * The site's stylesheet, given by entry.server to the server render only: it is inlined
 * in the document, and the browser bundle never carries a second copy of it.
 */
const InlineCssContext = createContext<string | undefined>(undefined);

export const InlineCssProvider = InlineCssContext.Provider;

export const INLINE_CSS_ID = "inline-css";

// In the browser: the text the server inlined, read once from the document before React
// renders. When an error boundary replaces the page, React mounts the <style> again,
// and without this it would mount it empty: the error page would lose every style.
const documentCss =
  typeof document === "undefined" ? undefined : (document.getElementById(INLINE_CSS_ID)?.textContent ?? undefined);

export function useInlineCss() {
  return useContext(InlineCssContext) ?? documentCss;
}
