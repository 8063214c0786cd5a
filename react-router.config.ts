import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Middleware with a typed router context: the session is read once per request
    // for the whole staff area (app/lib/auth/guard.server.ts, docs/decisions/023).
    v8_middleware: true,
  },
} satisfies Config;
