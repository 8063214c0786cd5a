#!/usr/bin/env node
// CI's dependency check (decision 059): `npm audit --omit=dev --json`, failing on any
// high or critical advisory that is not accepted in audit-allowlist.json. An accepted
// advisory is recorded there with its GitHub advisory id (the GHSA-… in its URL), why it
// does not reach us, who accepted it and until when; an expired entry counts again.
//   node scripts/audit-deps.js            runs npm audit itself
//   node scripts/audit-deps.js --stdin < report.json   checks a saved report
import { execFileSync } from "node:child_process";
import fs from "node:fs";

const SEVERE = new Set(["high", "critical"]);
const ALLOWLIST = process.env.AUDIT_ALLOWLIST ?? new URL("../audit-allowlist.json", import.meta.url);

function report() {
  if (process.argv.includes("--stdin")) return fs.readFileSync(0, "utf8");
  try {
    return execFileSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    // npm audit exits 1 when it finds anything; the report is still on stdout.
    if (error.stdout) return error.stdout;
    throw error;
  }
}

const today = new Date().toISOString().slice(0, 10);
const { accepted = [] } = JSON.parse(fs.readFileSync(ALLOWLIST, "utf8"));
const live = new Map(accepted.filter((entry) => entry.until >= today).map((entry) => [entry.id, entry]));

const audit = JSON.parse(report());
if (audit.error) {
  // No answer from the registry's audit service (offline, a mirror without it: this
  // machine's answers 405). That is not a finding: said plainly, like CI's PostgreSQL pass,
  // and a failure only where AUDIT_REQUIRED=true says the service must be there.
  const why = [audit.error.code, audit.error.summary, audit.error.detail].filter(Boolean).join(": ") || "no details";
  if (process.env.AUDIT_REQUIRED === "true") {
    console.error(`✖ npm audit failed: ${why}`);
    process.exit(2);
  }
  console.warn(`⚠ dependency audit SKIPPED: the registry's audit service did not answer (${why.split("\n")[0]}).`);
  process.exit(0);
}
const failing = [];
for (const [name, vulnerability] of Object.entries(audit.vulnerabilities ?? {})) {
  for (const via of vulnerability.via ?? []) {
    // A string `via` is another package's advisory, reported under that package.
    if (typeof via === "string" || !SEVERE.has(via.severity)) continue;
    const id = /GHSA-[\w-]+/.exec(via.url ?? "")?.[0] ?? String(via.source);
    if (live.has(id)) {
      console.log(`  accepted ${id} (${name}, ${via.severity}) until ${live.get(id).until}: ${live.get(id).reason}`);
      continue;
    }
    failing.push(`${id} ${via.severity} in ${name}: ${via.title} (${via.url ?? "no url"})`);
  }
}
if (failing.length > 0) {
  console.error(`✖ ${failing.length} high or critical advisories in production dependencies:`);
  for (const line of [...new Set(failing)]) console.error(`  ${line}`);
  console.error("Update the package, or accept the advisory in audit-allowlist.json (see docs/decisions/059).");
  process.exit(1);
}
console.log("✓ no high or critical advisories in production dependencies (npm audit --omit=dev)");
