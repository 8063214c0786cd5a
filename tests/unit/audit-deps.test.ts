import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

// CI's dependency check (scripts/audit-deps.js, decision 059) on saved npm audit reports:
// a high advisory fails unless accepted, an accepted one fails again after its date, and a
// moderate one never fails.

const report = {
  vulnerabilities: {
    "some-lib": {
      via: [
        {
          source: 1,
          severity: "high",
          title: "Prototype pollution",
          url: "https://github.com/advisories/GHSA-aaaa-bbbb-cccc",
        },
      ],
    },
    "other-lib": {
      via: [
        "some-lib",
        { source: 2, severity: "moderate", title: "x", url: "https://github.com/advisories/GHSA-mmmm-mmmm-mmmm" },
      ],
    },
  },
};

function check(accepted: unknown[], input: unknown = report, env: Record<string, string> = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "audit-"));
  try {
    const allowlist = path.join(dir, "allowlist.json");
    fs.writeFileSync(allowlist, JSON.stringify({ accepted }));
    return spawnSync(process.execPath, ["scripts/audit-deps.js", "--stdin"], {
      input: JSON.stringify(input),
      encoding: "utf8",
      env: { ...process.env, AUDIT_ALLOWLIST: allowlist, ...env },
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("scripts/audit-deps.js", () => {
  it("fails on a high advisory that nobody accepted, naming it", () => {
    const run = check([]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("GHSA-aaaa-bbbb-cccc high in some-lib");
    expect(run.stderr).not.toContain("GHSA-mmmm");
  });

  it("passes when it is accepted, and fails again once the acceptance has run out", () => {
    const entry = { id: "GHSA-aaaa-bbbb-cccc", package: "some-lib", reason: "only in the CLI", accepted_by: "test" };
    expect(check([{ ...entry, until: "2999-01-01" }]).status).toBe(0);
    expect(check([{ ...entry, until: "2000-01-01" }]).status).toBe(1);
  });

  it("a registry without an audit service is said plainly, not taken for a finding; AUDIT_REQUIRED makes it fail", () => {
    const unanswered = { error: { code: "E405", summary: "audit endpoint returned an error" } };
    const skipped = check([], unanswered);
    expect(skipped.status).toBe(0);
    expect(skipped.stderr).toContain("dependency audit SKIPPED");
    expect(check([], unanswered, { AUDIT_REQUIRED: "true" }).status).toBe(2);
  });

  it("the repository's allow-list is valid and every entry says why and until when", () => {
    const { accepted } = JSON.parse(fs.readFileSync("audit-allowlist.json", "utf8")) as {
      accepted: Record<string, string>[];
    };
    for (const entry of accepted)
      expect(Object.keys(entry).sort()).toEqual(["accepted_by", "id", "package", "reason", "until"]);
  });
});
