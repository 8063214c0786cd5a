// `npm run bench:lighthouse` (part of `npm run bench`): Lighthouse (mobile preset, offline, Debian's Chromium) on the
// production build, three runs per page, printing the median scores and LCP/TBT/CLS.
// Scores flap on a 2-core machine; medians are what to compare. `BENCH_REPORTS=<dir>` keeps every
// run's JSON report there (named after the page and run) to read what an LCP is made of;
// `BENCH_ARTIFACTS=<dir>` keeps each run's trace and DevTools log, for scripts/lantern-chain.mjs
// to show the simulated phone's requests and tasks one by one (decision 089).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { seedBenchPost } from "./bench-support";

// The eight pages of issue 28: the home page, a service, the showcase, the blog, a post (written
// into the fresh database first: a new site has none), careers, about and the contact wizard.
const POST = "{post}";
// The references, measured in the same run (through the TLS front only): nginx's own page of one
// heading, no stylesheet, no font, no script, bare and with the site's
// Cross-Origin-Opener-Policy. Their LCP is the floor this machine's Chromium and Lighthouse's
// simulated phone give any page: the connection, the document, and the browser's own work to
// start a page, which Lighthouse multiplies by four like the page's. The policy makes Chromium
// move the page out of the blank page's process, and that start costs it more (decision 090).
const FLOOR = "/__floor";
const FLOOR_COOP = "/__floor-coop";
const floorNames: Record<string, string> = {
  [FLOOR]: "floor: one heading (nginx)",
  [FLOOR_COOP]: "floor + the site's COOP",
};
const pages = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["/", "/design", "/work", "/blog", POST, "/careers", "/about", "/contact", FLOOR, FLOOR_COOP];
const runs = Number(process.env.BENCH_RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3290);
const reportsDir = process.env.BENCH_REPORTS;
if (reportsDir) fs.mkdirSync(reportsDir, { recursive: true });
const artifactsDir = process.env.BENCH_ARTIFACTS;
/** Lighthouse's -GA: gather, save the artifacts in a folder per page and run, then audit them. */
const artifactsFlag = (page: string, run: number) =>
  artifactsDir ? [`-GA=${path.resolve(artifactsDir, `${page.replace(/\W+/g, "_") || "_"}-${run}`)}`] : [];
const chrome = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const NGINX = process.env.NGINX ?? "/usr/sbin/nginx";
const OPENSSL = "/usr/bin/openssl";
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
].join(" ");

// The front the phone meets. "https" (the default): nginx terminating TLS with HTTP/2 in front of
// the app, as docs/operations.md deploys it; Lighthouse simulates its slow network from the
// connections it observed, and over cleartext HTTP/1.1 every font and image opens a connection of
// its own (a handshake and a slow start each) that no visitor's phone opens. "http": the app directly.
const FRONT = process.env.BENCH_FRONT === "http" || !fs.existsSync(NGINX) || !fs.existsSync(OPENSSL) ? "http" : "https";
if (process.env.BENCH_FRONT !== "http" && FRONT === "http") {
  console.log(`No ${NGINX} or ${OPENSSL}: measuring the app over cleartext HTTP/1.1 (apt-get install nginx-light).`);
}
const flags = FRONT === "https" ? `${chromeFlags} --ignore-certificate-errors` : chromeFlags;

/** Whether something accepts connections on `port`. */
function listening(port: number) {
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

const FLOOR_HTML =
  '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>Floor</title><meta name="description" content="The reference page of the Lighthouse benchmark.">' +
  "<h1>One heading, nothing else.</h1></html>";

/** nginx with a throwaway self-signed certificate on `frontPort`, passing every request to `appPort`. */
function startTlsFront(dir: string, frontPort: number, appPort: number) {
  const prefix = path.join(dir, "front");
  fs.mkdirSync(prefix, { recursive: true });
  const made = spawnSync(
    OPENSSL,
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      path.join(prefix, "key.pem"),
      "-out",
      path.join(prefix, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
  if (made.status !== 0) throw new Error("openssl could not make a certificate");
  fs.writeFileSync(
    path.join(prefix, "nginx.conf"),
    `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  upstream app { server 127.0.0.1:${appPort}; keepalive 8; }
  server {
    listen 127.0.0.1:${frontPort} ssl http2;
    ssl_certificate ${prefix}/cert.pem;
    ssl_certificate_key ${prefix}/key.pem;
    location = ${FLOOR} {
      default_type text/html;
      return 200 '${FLOOR_HTML}';
    }
    location = ${FLOOR_COOP} {
      default_type text/html;
      add_header Cross-Origin-Opener-Policy same-origin;
      return 200 '${FLOOR_HTML}';
    }
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
    }
  }
}
`,
  );
  const child = spawn(NGINX, ["-p", prefix, "-c", path.join(prefix, "nginx.conf")], { stdio: "inherit" });
  return { url: `https://127.0.0.1:${frontPort}`, child };
}

if (!fs.existsSync(chrome)) {
  console.error(`No Chromium at ${chrome}: install Debian's chromium or set CHROMIUM_PATH.`);
  process.exit(1);
}
if (!fs.existsSync("build/server/index.js")) spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
const postPath = pages.includes(POST) ? await seedBenchPost(dataDir) : undefined;
const front = FRONT === "https" ? startTlsFront(dataDir, port + 1, port) : undefined;
// Without the front there is no reference page to measure.
const resolvedPages = pages
  .map((page) => (page === POST ? postPath! : page))
  .filter((page) => front || !(page in floorNames));
const base = front?.url ?? `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["server.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SITE_URL: base,
  },
  stdio: "ignore",
});
for (let i = 0; i < 300; i++) {
  const appUp = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
  if (appUp && (!front || (await listening(port + 1)))) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const rows: Record<string, string | number>[] = [];
try {
  for (const page of resolvedPages) {
    const results: Record<"performance" | "accessibility" | "bestPractices" | "seo" | "lcp" | "tbt" | "cls", number>[] =
      [];
    for (let run = 0; run < runs; run++) {
      const out = path.join(dataDir, `lh-${run}.json`);
      // Headless Chromium now and then fails to record a trace (NO_NAVSTART): try again.
      let lh: ReturnType<typeof spawnSync> | undefined;
      for (let attempt = 0; attempt < 3; attempt++) {
        lh = spawnSync(
          "npx",
          [
            "lighthouse",
            base + page,
            ...artifactsFlag(page, run),
            "--output=json",
            `--output-path=${out}`,
            "--quiet",
            `--chrome-flags=${flags}`,
          ],
          { env: { ...process.env, CHROME_PATH: chrome }, stdio: ["ignore", "ignore", "pipe"], shell: false },
        );
        if (lh.status === 0) break;
      }
      if (lh?.status !== 0) throw new Error(`lighthouse failed on ${page}:\n${String(lh?.stderr)}`);
      const report = JSON.parse(fs.readFileSync(out, "utf8"));
      if (reportsDir) fs.copyFileSync(out, path.join(reportsDir, `${page.replace(/\W+/g, "_") || "_"}-${run}.json`));
      results.push({
        performance: report.categories.performance.score * 100,
        accessibility: report.categories.accessibility.score * 100,
        bestPractices: report.categories["best-practices"].score * 100,
        seo: report.categories.seo.score * 100,
        lcp: report.audits["largest-contentful-paint"].numericValue,
        tbt: report.audits["total-blocking-time"].numericValue,
        cls: report.audits["cumulative-layout-shift"].numericValue,
      });
    }
    const pick = (key: keyof (typeof results)[number]) => median(results.map((result) => result[key]));
    rows.push({
      page: floorNames[page] ?? page,
      perf: pick("performance"),
      a11y: pick("accessibility"),
      "best-pr.": pick("bestPractices"),
      seo: pick("seo"),
      "LCP ms": Math.round(pick("lcp")),
      "TBT ms": Math.round(pick("tbt")),
      CLS: Number(pick("cls").toFixed(3)),
    });
  }
} finally {
  server.kill("SIGTERM");
  front?.child.kill("SIGTERM");
}
console.log(
  `\nLighthouse ${runs}× per page, mobile preset, ${FRONT === "https" ? "through nginx (TLS, HTTP/2)" : "the app directly (cleartext HTTP/1.1)"}, medians:`,
);
console.table(rows);
fs.rmSync(dataDir, { recursive: true, force: true });
