import http from "node:http";
import net from "node:net";

/**
 * A small load balancer for tests and benchmarks: node:http on 127.0.0.1, passing each
 * request to the next upstream in turn (round robin, per request, not per connection),
 * appending the address it received the request from to X-Forwarded-For as a real
 * load balancer does (the instances run with TRUST_PROXY=1). It counts what each
 * upstream served and keeps a log, so a test can say which instance answered what.
 *
 * `fromAddress`: the local address the proxy connects to the upstreams from (e.g.
 * 127.0.0.2 on Linux, where all of 127/8 is loopback). The instances then see the
 * proxy at that address and the client only in X-Forwarded-For, so a test can tell
 * which of the two they used.
 */
export type ProxyLogEntry = { method: string; path: string; upstream: number; status: number };

export type RoundRobinProxy = {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Requests each upstream answered (by index into `upstreams`). */
  served: number[];
  /** Every request passed on, in the order they were answered. */
  log: ProxyLogEntry[];
  /** Upstream URLs, settable until the first request (the instances may start after the proxy). */
  upstreams: string[];
  close(): Promise<void>;
};

// Headers about one connection, not the request: never passed on (RFC 9110, 7.6.1).
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);

function endToEnd(headers: http.IncomingHttpHeaders) {
  const named = new Set(
    String(headers.connection ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase()),
  );
  return Object.fromEntries(
    Object.entries(headers).filter(([name, value]) => value !== undefined && !HOP_BY_HOP.has(name) && !named.has(name)),
  ) as http.OutgoingHttpHeaders;
}

export async function startRoundRobinProxy(
  upstreams: string[],
  options: { fromAddress?: string; port?: number } = {},
): Promise<RoundRobinProxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const proxy: RoundRobinProxy = { url: "", port: 0, served: [], log: [], upstreams: [...upstreams], close: async () => {} };
  let next = 0;

  const server = http.createServer((request, response) => {
    const upstream = next++ % proxy.upstreams.length;
    const target = new URL(request.url ?? "/", proxy.upstreams[upstream]);
    const headers = endToEnd(request.headers);
    const client = request.socket.remoteAddress ?? "unknown";
    const forwarded = request.headers["x-forwarded-for"];
    headers["x-forwarded-for"] = forwarded ? `${String(forwarded)}, ${client}` : client;
    headers["x-forwarded-proto"] = "http";
    const outgoing = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: target.pathname + target.search,
        headers,
        localAddress: options.fromAddress,
      },
      (answer) => {
        const status = answer.statusCode ?? 502;
        response.writeHead(status, answer.statusMessage, endToEnd(answer.headers));
        answer.pipe(response);
        answer.on("end", () => {
          proxy.served[upstream] = (proxy.served[upstream] ?? 0) + 1;
          proxy.log.push({ method: request.method ?? "GET", path: request.url ?? "/", upstream, status });
        });
      },
    );
    outgoing.on("error", (error) => {
      proxy.log.push({ method: request.method ?? "GET", path: request.url ?? "/", upstream, status: 502 });
      if (!response.headersSent) {
        response.writeHead(502, { "content-type": "text/plain" });
        response.end(`upstream ${upstream} failed: ${error.message}`);
      } else response.destroy(error);
    });
    request.pipe(outgoing);
  });
  // Keep-alive from clients (a browser, autocannon) as a real load balancer allows.
  server.keepAliveTimeout = 30_000;

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  proxy.port = (server.address() as net.AddressInfo).port;
  proxy.url = `http://127.0.0.1:${proxy.port}`;
  proxy.served = proxy.upstreams.map(() => 0);
  proxy.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    agent.destroy();
  };
  return proxy;
}

/** True when this machine can open a connection from `address` (127.0.0.2 on Linux, not on macOS). */
export async function canConnectFrom(address: string): Promise<boolean> {
  const server = net.createServer((socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  try {
    return await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: "127.0.0.1", port, localAddress: address });
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
