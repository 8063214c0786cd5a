import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findEnglish } from "../support/english-copy";

// Staff copy is Norwegian bokmål (README, decision 068). English words creep in with every
// new page ("Save", "Edit", "Actions"), so the text of every module behind the staff
// guard is read for them. The sign-in pages are left out: the spec writes /login in
// English and its companions (forgot password, two-step code) follow it.
const STAFF_MODULES = ["app/routes/staff", "app/components/staff", "app/components/settings"];
const MORE_STAFF_MODULES = ["app/components/job-form.tsx", "app/components/session-banner.tsx"];
// Staff copy kept outside those folders, in modules that also hold code: only the named
// constants are read, every string in them. The password rule's English twin (the reset
// page, the command line) and the sign-in forms stay English on purpose.
const STAFF_COPY_CONSTANTS: Record<string, string[]> = {
  "app/lib/auth/password-rules.ts": ["STAFF_PASSWORD_MESSAGES"],
  "app/lib/auth/settings-forms.ts": ["SETTINGS_MESSAGES", "PASSWORD_HINT"],
  "app/lib/auth/account-forms.ts": ["STAFF_STATE_LABELS", "invitationPasswordSchema"],
  "app/components/session-banner.tsx": ["SESSION_BANNER_TEXT"],
  "app/lib/auth/staff-account-actions.server.ts": ["STAFF_ACTION_DONE", "STAFF_ACTION_REFUSED"],
};

// Texts that stay English because the spec says them word for word (SPEC.md §2 Admin,
// §8 Upload), or says the editor's labels are "Norwegian with some English".
const SPEC_STRINGS = new Set([
  "Published Posts",
  "Newsletter Subscribers",
  "Portfolio Items",
  "Page Views Today",
  "Logout",
  "Extend Session", // the session banner's button (SPEC.md, Session)
  "Image uploaded successfully!",
  "Failed to upload image:",
  "Invalid file type: . Only JPEG, PNG, GIF, and WebP images are allowed.",
  "File too large: MB. Maximum size is 5MB.",
  "unknown", // the file type in "Invalid file type: {type}" when the browser names none
  "Tittel (Title) *",
  "Forfatter (Author) *",
  "Innhold (Content) *",
  "Opprettet (Created at)",
  "Fremhevet bilde (Featured image URL)",
  // Examples of what to write: the case studies' public pages are English.
  "For eksempel «4 months».",
  "Høyst , ett per linje: tall | hva det måler. For eksempel «−40 % | time spent on reports».",
  // Names, not words: a mail header.
  "Message-ID",
]);

function staffFiles() {
  const fromFolders = STAFF_MODULES.flatMap((folder) =>
    fs
      .readdirSync(folder, { recursive: true, encoding: "utf8" })
      .filter((name) => name.endsWith(".tsx"))
      .map((name) => path.join(folder, name)),
  );
  return [...fromFolders, ...MORE_STAFF_MODULES].sort();
}

describe("staff pages speak Norwegian", () => {
  const files = staffFiles();

  it("reads every staff page and component", () => {
    expect(files.length).toBeGreaterThan(80);
    expect(files).toContain("app/routes/staff/admin.security.tsx");
    expect(files).toContain("app/components/staff/list-kit.tsx");
  });

  it("finds no English words in the text of staff modules", () => {
    const found = files.flatMap((file) => findEnglish(file, fs.readFileSync(file, "utf8"), SPEC_STRINGS));
    expect(found.map(({ file, line, text, words }) => `${file}:${line} "${text}" (${words.join(", ")})`)).toEqual([]);
  });

  it("finds no English words in the staff messages kept beside code", () => {
    const found = Object.entries(STAFF_COPY_CONSTANTS).flatMap(([file, names]) => {
      const source = fs.readFileSync(file, "utf8");
      // A renamed constant would silently drop out of the scan.
      for (const name of names) expect(source, `${file} declares ${name}`).toMatch(new RegExp(`const ${name}\\b`));
      return findEnglish(file, source, SPEC_STRINGS, new Set(names));
    });
    expect(found.map(({ file, line, text, words }) => `${file}:${line} "${text}" (${words.join(", ")})`)).toEqual([]);
  });

  it("reads every string of a named message constant, and only those", () => {
    const module = `
      const intent = "confirm";
      export const MESSAGES = { tooShort: \`Password must be at least \${n} characters\`, "not-found": "Borte." };
      export const schema = z.string({ error: "Please enter a password" });`;
    expect(
      findEnglish("forms.ts", module, SPEC_STRINGS, new Set(["MESSAGES", "schema"])).map(({ text }) => text),
    ).toEqual(["Password must be at least characters", "Please enter a password"]);
  });

  it("would catch English copy in text, in attributes and in column labels", () => {
    const page = `
      export function Page({ busy, n }) {
        const columns = [{ label: "Title", cell: () => null }];
        export const meta = () => staffMeta("Job listings");
        return (
          <form aria-label="Edit post">
            <button>Save</button>
            <button title="Lagre">{busy ? "Lagrer…" : "Save changes"}</button>
            <p>{\`\${n} items\`}</p>
            <input placeholder="Search" className="search-field" data-testid="save-button" />
            <p>Lagret. Last ned kopien.</p>
          </form>
        );
      }`;
    expect(findEnglish("page.tsx", page, SPEC_STRINGS).map(({ text }) => text)).toEqual([
      "Title",
      "Job listings",
      "Edit post",
      "Save",
      "Save changes",
      "items",
      "Search",
    ]);
  });

  it("lets the spec's own English strings stand", () => {
    expect(findEnglish("admin.tsx", `const c = <p>Published Posts</p>;`, SPEC_STRINGS)).toEqual([]);
  });
});
