import { createContext, useContext } from "react";

/** The CSP nonce of this server render; empty in the browser, which hides nonces anyway. */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
