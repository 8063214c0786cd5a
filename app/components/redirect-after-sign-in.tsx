import { useEffect } from "react";
import { useNavigate } from "react-router";

/** After "Login successful! Redirecting...": the dashboard one second later (SPEC §4). */
export function RedirectAfterSignIn({ to = "/admin" }: { to?: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(to), 1000);
    return () => clearTimeout(timer);
  }, [navigate, to]);
  // Without JavaScript the browser follows this instead (React ignores it once running).
  return <meta httpEquiv="refresh" content={`1;url=${to}`} />;
}
