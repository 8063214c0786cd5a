import net from "node:net";

/**
 * A TCP proxy on 127.0.0.1 in front of a database (or any server), for fault tests:
 * `pause()` is "the database stopped" (every proxied connection is reset and new
 * ones are reset as soon as they arrive), `resume()` is "it is back".
 */
export async function startPausableProxy(target: net.NetConnectOpts) {
  // Each proxied connection: the app's TCP socket and the database's socket.
  const open = new Set<{ client: net.Socket; upstream: net.Socket }>();
  let paused = false;
  let connections = 0;
  let refused = 0;

  const server = net.createServer((client) => {
    if (paused) {
      refused++;
      client.resetAndDestroy();
      return;
    }
    connections++;
    const upstream = net.connect(target);
    const pair = { client, upstream };
    open.add(pair);
    const drop = () => {
      open.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    /** Connections proxied so far, and connections refused while paused. */
    stats: () => ({ connections, refused, open: open.size }),
    /** Resets every proxied connection and every new one until `resume()`. */
    pause() {
      paused = true;
      for (const { client, upstream } of open) {
        // RST to the app, as when the database host goes away; the database sees a hang-up.
        if (!client.destroyed) client.resetAndDestroy();
        upstream.destroy();
      }
      open.clear();
    },
    resume() {
      paused = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        paused = true;
        for (const { client, upstream } of open) {
          client.destroy();
          upstream.destroy();
        }
        open.clear();
        server.close(() => resolve());
      }),
  };
}

export type PausableProxy = Awaited<ReturnType<typeof startPausableProxy>>;
