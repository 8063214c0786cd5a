import fs from "node:fs";

/** Debian's Chromium (or CHROMIUM_PATH); Playwright never downloads a browser here. */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
}

export function hasChromium() {
  return fs.existsSync(chromiumPath());
}

// Without these, Chromium tries to reach Google's services on a machine with no internet.
// "localhost" resolves too: the passkey spec needs it (browsers refuse an IP as RP ID, decision 065).
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
];
