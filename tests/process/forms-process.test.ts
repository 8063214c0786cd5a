import { afterEach, describe, expect, it } from "vitest";
import {
  BROWSER_UA,
  freePort,
  killAll,
  makeDataDir,
  removeDataDir,
  type RunningServer,
  startProductionServer,
} from "../support/server-process";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";

// The visitor forms against the real production server process.
const running: RunningServer[] = [];
const peers: SmtpPeer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  try {
    await killAll(running);
    for (const peer of peers.splice(0)) await peer.close();
  } finally {
    for (const dir of dirs.splice(0)) await removeDataDir(dir);
  }
});
function tempDataDir() {
  const dir = makeDataDir("forms-test");
  dirs.push(dir);
  return dir;
}

const postContact = (url: string, body: Record<string, unknown>) =>
  fetch(`${url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": BROWSER_UA },
    body: JSON.stringify(body),
  });

describe("visitor forms on the production server", () => {
  it("limits each IP to 5 contact requests in 10 minutes, with a readable 429", async () => {
    const server = await startProductionServer({ DATA_DIR: tempDataDir() });
    running.push(server);
    for (let i = 0; i < 5; i++) {
      const ok = await postContact(server.url, { company: `C${i}`, project: "P", email: `a${i}@b.no` });
      expect(ok.status).toBe(201);
    }
    const limited = await postContact(server.url, { company: "C6", project: "P", email: "a6@b.no" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ error: "Too many requests. Please wait a few minutes and try again." });
    // The newsletter has its own budget.
    const newsletter = await postContact(server.url, { email: "n@b.no", type: "newsletter" });
    expect(newsletter.status).toBe(200);
  });

  it("loses no e-mail when the app is killed between commit and delivery", async () => {
    const dataDir = tempDataDir();
    const smtpPort = await freePort(); // the mail server is down at first
    const env = { DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };
    const server = await startProductionServer(env);
    running.push(server);

    const response = await postContact(server.url, { company: "Fjell AS", project: "Intranet", email: "eva@fjell.no" });
    expect(response.status).toBe(201);
    // Wait until delivery was tried and failed (the messages are not locked), then kill.
    const deadline = Date.now() + 120_000;
    while (!server.output().includes("mail delivery failed, will retry") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    server.process.kill("SIGKILL");
    await server.exited;

    const peer = await startSmtpPeer(smtpPort);
    peers.push(peer);
    const restarted = await startProductionServer(env);
    running.push(restarted);
    await peer.waitFor((messages) => messages.length >= 2, 120_000);
    expect(peer.to("hello@fjordform.no")[0]?.subject).toBe("New enquiry: Fjell AS");
    expect(peer.to("eva@fjell.no")).toHaveLength(1);
  }, 400_000);
});
