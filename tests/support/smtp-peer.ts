import PostalMime, { type Email } from "postal-mime";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = Email & { raw: string; envelopeTo: string[] };

/**
 * A real SMTP server on 127.0.0.1 for tests: it accepts every message and keeps it,
 * parsed, so a test can read what a person would find in their inbox.
 */
export async function startSmtpPeer(port = 0) {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        PostalMime.parse(raw)
          .then((email) => {
            messages.push({ ...email, raw, envelopeTo: session.envelope.rcptTo.map((r) => r.address) });
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    /** Messages to one address (envelope recipient). */
    to: (address: string) => messages.filter((m) => m.envelopeTo.includes(address)),
    async waitFor(predicate: (messages: ReceivedMail[]) => boolean, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(messages)) {
        if (Date.now() > deadline) throw new Error(`Timed out waiting for mail; have ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;

/** The first URL in a text that starts with `prefix`. */
export function linkFrom(text: string | undefined, prefix: string) {
  const match = new RegExp(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s"<>]+`).exec(text ?? "");
  if (!match) throw new Error(`No link starting with ${prefix} in:\n${text}`);
  return match[0];
}
