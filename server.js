// The Node entry point. `node server.js` serves the production build (run `npm run
// build` first, or use `npm start`, which does both); `node server.js --dev` runs the
// same Hono app behind Vite's dev middleware with hot reload.
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";

const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";

const SHUTDOWN_GRACE_MS = 10_000;

async function loadProduction() {
  const mod = await import("./build/server/index.js").catch((error) => {
    if (error?.code === "ERR_MODULE_NOT_FOUND") {
      fail("No production build found. Run `npm run build` first (or `npm start`, which builds and starts).");
    }
    throw error;
  });
  return { mod, createListener: () => mod.createNodeListener({ mode: "production", clientDir: "./build/client" }) };
}

async function loadDevelopment() {
  const { createServer: createViteServer } = await import("vite");
  const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
  const load = () => vite.ssrLoadModule("./server/app.ts");
  const mod = await load();
  // Rebuild the Hono app only when Vite hands back a new module after an edit.
  let current;
  const createListener = () => {
    current = { mod, listener: getRequestListener(mod.createApp({ mode: "development" }).fetch) };
    return listener;
  };
  const listener = (req, res) =>
    vite.middlewares(req, res, async () => {
      try {
        const latest = await load();
        if (latest !== current.mod) {
          current = { mod: latest, listener: getRequestListener(latest.createApp({ mode: "development" }).fetch) };
        }
        current.listener(req, res);
      } catch (error) {
        vite.ssrFixStacktrace(error);
        res.statusCode = 500;
        res.end(String(error?.stack ?? error));
      }
    });
  return { mod, createListener, close: () => vite.close() };
}

function fail(message) {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

async function main() {
  const { mod, createListener, close: closeVite } = dev ? await loadDevelopment() : await loadProduction();
  let app, config;
  try {
    config = mod.getConfig(); // validates every setting before anything starts
    app = await mod.startApp();
  } catch (error) {
    // Configuration and data-folder problems are the operator's to fix: say what, not where.
    if (["ConfigError", "EmbeddedDatabaseError"].includes(error?.name)) fail(error.message);
    throw error;
  }
  const server = createServer(createListener());
  server.keepAliveTimeout = 65_000; // longer than common load-balancer idle timeouts
  // A slow client may hold a connection only so long: 20 s for the headers, 60 s for the
  // whole request (a 5 MB upload at about 0.7 Mbit/s; the routes' own body deadlines,
  // 10 s for forms and 55 s for uploads, answer before this does).
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;

  server.listen(config.port, config.host, () => {
    process.stdout.write(
      `${JSON.stringify({ time: new Date().toISOString(), level: "info", msg: "listening", url: `http://localhost:${config.port}`, mode: dev ? "development" : "production" })}\n`,
    );
  });

  // /metrics on its own port (METRICS_PORT, at METRICS_HOST: loopback unless set), for a
  // scraper that should not go through the public port (decision 061).
  let metricsServer;
  if (config.metrics.port) {
    metricsServer = createServer(mod.metricsListener(config.metrics.token));
    metricsServer.listen(config.metrics.port, config.metrics.host);
  }

  let stopping = false;
  const shutdown = (signal) => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: "info", msg: "shutting down", signal })}\n`);
    metricsServer?.close();
    metricsServer?.closeAllConnections();
    // Stop accepting; requests in flight finish, idle keep-alive sockets are closed.
    server.close(async () => {
      await app.stop();
      await closeVite?.();
      process.exit(0);
    });
    // Keep-alive sockets go idle as their last response ends; close them as they do.
    setInterval(() => server.closeIdleConnections(), 50).unref();
    setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(1);
});
