import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { enhanceScript } from "./scripts/vite-enhance-plugin.ts";

// React Router's package exports point only at its development build (react-router
// issue #14102), which runs development checks on every render: a production build
// takes its production files, bundled into the server (so @react-router/node, which
// imports it too, gets the same copy) and into the browser.
const reactRouterFile = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: reactRouterFile("index.mjs") },
  { find: /^react-router\/dom$/, replacement: reactRouterFile("dom-export.mjs") },
];

export default defineConfig(({ command }) => ({
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      ...(command === "build" ? reactRouterProduction : []),
    ],
  },
  build: {
    target: "es2022",
    assetsInlineLimit: 0,
    // Rolldown's [PLUGIN_TIMINGS] notice appears whenever a build takes over 3 s (any busy
    // machine), in colour even into a log file, and tells an operator nothing to act on.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  environments: {
    // The SSR build's entry is the Hono app, so the server shell and the React Router
    // routes share one bundle (one database connection, one config) in production.
    // With React Router's v8_viteEnvironmentApi the server build is configured per
    // environment, not by `isSsrBuild`.
    ssr: {
      build: { rollupOptions: { input: "./server/app.ts" } },
      resolve: { noExternal: command === "build" ? ["react-router", "@react-router/node"] : [] },
    },
  },
  plugins: [reactRouter(), enhanceScript()],
}));
