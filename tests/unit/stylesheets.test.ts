import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A merge once left a rule without its closing brace: browsers then read every later
// rule as nested inside it, and half the back office lost its styles without an error.
// Each stylesheet must close what it opens, and a selector may start inside a block
// only within an at-rule (@media, @supports).
const folder = path.join(process.cwd(), "app/styles");

function problems(css: string) {
  const found: string[] = [];
  const stack: string[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, " "));
  text.split("\n").forEach((line, index) => {
    const opensHere = line.includes("{");
    const startsRule = opensHere && /^\S/.test(line) && !line.startsWith("@") && !line.startsWith("}");
    if (startsRule && stack.length > 0 && !stack.at(-1)!.startsWith("@")) {
      found.push(`line ${index + 1}: "${line.trim()}" starts inside "${stack.at(-1)}"`);
    }
    for (const char of line) {
      if (char === "{") stack.push(line.trim());
      if (char === "}" && stack.pop() === undefined) found.push(`line ${index + 1}: a "}" closes nothing`);
    }
  });
  if (stack.length > 0) found.push(`unclosed: ${stack.map((open) => `"${open}"`).join(", ")}`);
  return found;
}

describe("stylesheets", () => {
  const files = fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".css"));
  it("finds the stylesheets in their folders", () => expect(files.length).toBeGreaterThan(30));
  for (const file of files) {
    it(`${file} closes every block it opens`, () => {
      expect(problems(fs.readFileSync(path.join(folder, file), "utf8"))).toEqual([]);
    });
  }

  // A rule for a class nothing renders is dead weight in every page's inlined CSS.
  // Classes built at run time (`badge-${kind}`) count as used when their prefix is in the code.
  it("every class a stylesheet styles is used by the app", () => {
    const code = fs
      .readdirSync("app", { recursive: true, encoding: "utf8" })
      .filter((name) => /\.(tsx?|mjs)$/.test(name))
      .map((name) => fs.readFileSync(path.join("app", name), "utf8"))
      .join("\n");
    const unused = new Set<string>();
    for (const file of files) {
      const css = fs.readFileSync(path.join(folder, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
      for (const [, selector] of css.matchAll(/([^{}]+)\{/g)) {
        if (selector!.trim().startsWith("@")) continue;
        for (const [, name] of selector!.matchAll(/\.([a-zA-Z_][\w-]*)/g)) {
          const parts = name!.split("-");
          const prefixes = parts.slice(1).map((_, i) => `${parts.slice(0, i + 1).join("-")}-`).filter((p) => p.length > 3);
          if (!code.includes(name!) && !prefixes.some((prefix) => code.includes(prefix))) unused.add(`${file}: .${name}`);
        }
      }
    }
    expect([...unused]).toEqual([]);
  });

  it("the check finds a rule left open (so it can fail)", () => {
    expect(problems(".a {\n  color: red;\n\n.b {\n  color: blue;\n}\n")).not.toEqual([]);
  });
});
