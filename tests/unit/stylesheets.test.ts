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

  it("the check finds a rule left open (so it can fail)", () => {
    expect(problems(".a {\n  color: red;\n\n.b {\n  color: blue;\n}\n")).not.toEqual([]);
  });
});
