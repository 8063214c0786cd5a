import { describe, expect, it } from "vitest";
import { HELD_TYPE, htmlWithFrameworkHeld } from "~/lib/platform/held-framework.server";

// The tail of a wizard's document as React Router 7 writes it for <Scripts nonce>.
const NONCE = "n0nce+/=";
const document = [
  "<!DOCTYPE html><html><head>",
  `<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="${NONCE}"/>`,
  `<link rel="modulepreload" href="/assets/contact-B.js" nonce="${NONCE}"/>`,
  `<link rel="preload" as="font" href="/assets/inter.woff2"/>`,
  "</head><body><form>…</form>",
  `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`,
  `<script nonce="${NONCE}" type="module" async="">import * as route0 from "/assets/root-C.js"; import("/assets/entry.client-A.js");</script>`,
  "</body></html>",
].join("");

describe("a wizard's framework held until first use", () => {
  const held = htmlWithFrameworkHeld(document);

  it("sends no module preload and no module script a browser would run", () => {
    expect(held).not.toContain('rel="modulepreload" href=');
    expect(held).not.toContain('type="module"');
    expect(held).toContain(`<script nonce="${NONCE}" type="${HELD_TYPE}">import * as route0`);
    // Other links and the context script stay as they were.
    expect(held).toContain('<link rel="preload" as="font" href="/assets/inter.woff2"/>');
    expect(held).toContain(`<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`);
  });

  it("ends with a script, under the page's nonce, that knows every module to ask for", () => {
    const wake = /<script nonce="([^"]+)">(\(function[\s\S]*?)<\/script><\/body><\/html>$/.exec(held);
    expect(wake?.[1]).toBe(NONCE);
    expect(wake?.[2]).toContain('["/assets/entry.client-A.js","/assets/contact-B.js"]');
  });

  it("leaves a document whose scripts it does not recognise as it is: React then loads at once", () => {
    const other = document.replace('type="module" async=""', 'type="module"');
    expect(htmlWithFrameworkHeld(other)).toBe(other);
  });
});

describe("the wizards' stylesheet files", () => {
  it("are files of the public stylesheet (what they give a page is checked in tests/e2e/page-css.spec.ts)", async () => {
    const { PAGE_CSS_FILES } = await import("~/lib/platform/page-css.server");
    const { handle: contact } = await import("~/routes/site/contact");
    const { handle: checklist } = await import("~/routes/site/gdpr-checklist");
    for (const handle of [contact, checklist]) {
      expect(handle.cssSentWhole.length).toBeGreaterThan(0);
      for (const file of handle.cssSentWhole) expect(PAGE_CSS_FILES).toContain(file);
    }
  });
});
