import net from "node:net";

/**
 * A mail server that has hung: it accepts TCP connections on 127.0.0.1 and never says
 * a word (no greeting, no replies). `close()` frees the port, so a real SMTP peer
 * (smtp-peer.ts) can take it over as if the server had been repaired.
 */
export async function startSilentSmtp(port = 0) {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
    socket.resume(); // read and drop whatever the client sends
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const actualPort = (server.address() as net.AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    /** Connections accepted so far, and how many are still open. */
    stats: () => ({ connections, open: sockets.size }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
