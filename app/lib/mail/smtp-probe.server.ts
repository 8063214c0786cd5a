import net from "node:net";
import tls from "node:tls";

/**
 * Readiness of the mail server (SMTP_URL): it accepts a connection and greets with 220.
 * No EHLO, no sign-in, no message: the cheapest exchange that shows it is answering,
 * which a hung relay (accepting and never speaking) does not. The caller's deadline
 * (platform/readiness.server.ts) ends a silent one; `signal` closes the socket then.
 */
export function smtpGreets(smtpUrl: string, timeoutMs: number): Promise<void> {
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  const port = Number(url.port) || (secure ? 465 : 25);
  return new Promise<void>((resolve, reject) => {
    const socket = secure
      ? tls.connect({ host: url.hostname, port, servername: url.hostname })
      : net.connect({ host: url.hostname, port });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error("no greeting in time")));
    let received = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      received += chunk;
      if (!received.includes("\n")) return;
      if (received.startsWith("220")) {
        socket.end("QUIT\r\n");
        resolve();
      } else {
        socket.destroy();
        reject(new Error(`unexpected greeting ${JSON.stringify(received.slice(0, 3))}`));
      }
    });
    socket.on("error", reject);
    socket.on("close", () => reject(new Error("closed before greeting")));
  });
}
