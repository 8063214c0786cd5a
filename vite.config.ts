import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { enhanceScript } from "./scripts/vite-enhance-plugin.ts";

// The SSR build's entry is the Hono app, so the server shell and the React Router
// routes share one bundle (one database connection, one config) in production.
// With React Router's v8_viteEnvironmentApi the server build is configured per
// environment, not by `isSsrBuild`.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: {
    target: "es2022",
    assetsInlineLimit: 0,
    // Rolldown's [PLUGIN_TIMINGS] notice appears whenever a build takes over 3 s (any busy
    // machine), in colour even into a log file, and tells an operator nothing to act on.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  plugins: [reactRouter(), enhanceScript()],
});
