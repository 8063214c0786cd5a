import { createContext, type RouterContextProvider } from "react-router";

/**
 * What the server shell (server/app.ts) knows about a request before React Router sees
 * it, handed to middleware, loaders and actions through the typed router context
 * (React Router's `future.v8_middleware`; docs/decisions/023).
 */
export type RequestInfo = {
  /** This response's CSP nonce, for the few inline scripts React Router writes. */
  cspNonce: string | undefined;
  /** The visitor's address (from X-Forwarded-For only behind TRUST_PROXY proxies). */
  clientIp: string;
  requestId: string;
};

export const requestInfoContext = createContext<RequestInfo>();

type Context = Readonly<RouterContextProvider>;

export function requestInfo(context: Context) {
  return context.get(requestInfoContext);
}

export function clientIpOf(context: Context) {
  return context.get(requestInfoContext).clientIp;
}
