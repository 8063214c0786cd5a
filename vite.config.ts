import { reactRouter } from "@react-router/dev/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { enhanceScript } from "./scripts/vite-enhance-plugin.ts";

// The SSR build's entry is the Hono app, so the server shell and the React Router
// routes share one bundle (one database connection, one config) in production.
export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  build: {
    target: "es2022",
    assetsInlineLimit: 0,
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  plugins: [reactRouter(), enhanceScript()],
}));
