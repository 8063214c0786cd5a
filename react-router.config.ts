import type { Config } from "@react-router/dev/config";

// Every React Router v8 flag is decided, so the build prints no future-flag warnings
// (docs/decisions/040-react-router-v8-flags.md).
export default {
  ssr: true,
  future: {
    // Middleware with a typed router context: the session is read once per request
    // for the whole staff area (app/lib/auth/guard.server.ts, docs/decisions/023).
    v8_middleware: true,
    // Loaders and actions get the raw request; they read the page's address from the
    // `url` argument (".data" and "_routes" removed), never from `request.url`.
    v8_passThroughRequests: true,
    // A data request for "/a/" is "/a/_.data", and the root's is "/_.data".
    v8_trailingSlashAwareDataRequests: true,
    // Off on purpose: it only helps routes with client data functions (one staff page has
    // a clientAction), and its extra chunks put the GDPR wizard over its 120 KB budget (123.3 KB).
    v8_splitRouteModules: false,
    // The server build is configured per environment (vite.config.ts: environments.ssr).
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
