import { useEffect, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";

const subscribe = () => () => {};

/** "Login successful! Redirecting..." stays for one second, then the dashboard opens. */
export function RedirectAfterSignIn({ to = "/admin" }: { to?: string }) {
  const navigate = useNavigate();
  // True once React runs in the browser; false in the server-rendered page.
  const hydrated = useSyncExternalStore(subscribe, () => true, () => false);
  useEffect(() => {
    const timer = setTimeout(() => navigate(to), 1000);
    return () => clearTimeout(timer);
  }, [navigate, to]);
  // Without JavaScript the browser follows this instead. Only in server-rendered HTML:
  // a refresh added by script would reload the page a second time.
  return hydrated ? null : <meta httpEquiv="refresh" content={`1;url=${to}`} />;
}
