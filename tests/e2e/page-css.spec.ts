import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { INLINE_CSS_ID } from "../../app/lib/platform/nonce";
import { publicPages } from "../support/pages";
import { RICH_POST_TEXT } from "./support/blog";
import { publishPost } from "./support/content-pages";
import { expect, test } from "./support/fixtures";
import { uniqueAddress } from "./support/mailbox";
import { wakeWizard } from "./support/wizard";

/**
 * A static page inlines only the stylesheet rules its elements can match (decision 084), never
 * less: for every public page and a post with every part of the blog's format, at a phone's
 * and a desktop's width, every element (and its ::before and ::after) must have exactly the
 * computed style it gets from the whole public stylesheet (app/styles/app.css). The test reads
 * the computed styles with the CSS the page was served, puts the whole stylesheet in the same
 * <style> element, reads them again and compares, so a rule a route's CSS lost shows up as the
 * element, property and the two values.
 */

const STYLES = path.resolve("app/styles");
const ASSETS = path.resolve("build/client/assets");

/** app/styles/app.css with its `@import "./…";` lines replaced by the files, recursively, in order. */
function resolveImports(file: string): string {
  return fs
    .readFileSync(file, "utf8")
    .replace(/^@import\s+"(\.[^"]+)";[^\n]*$/gm, (_, relative: string) =>
      resolveImports(path.resolve(path.dirname(file), relative)),
    );
}

/**
 * The fonts' url(…)s point at the build's hashed files, as Vite would write them: a face that
 * did not load would draw text in a fallback font, and the width and height of every box with
 * text in it (resolved values, from the layout) would differ for no fault of the CSS.
 */
function builtFontUrls(css: string) {
  const built = fs.existsSync(ASSETS) ? fs.readdirSync(ASSETS) : [];
  return css.replace(/url\(([^)]*\/)?([\w-]+)\.(woff2)\)/g, (whole, _dir, stem: string, ext: string) => {
    const file = built.find((name) => new RegExp(`^${stem}-[\\w-]{8}\\.${ext}$`).test(name));
    return file ? `url(/assets/${file})` : whole;
  });
}

const wholeStylesheet = builtFontUrls(resolveImports(path.join(STYLES, "app.css")));

/**
 * Computed styles, interned: each row is an element's path, its classes (to find its rules by)
 * and pairs of indexes into `strings` (property, value).
 */
type Styles = { strings: string[]; rows: [string, string, number[]][] };

/**
 * Properties whose resolved value comes from the layout (a box's size, margins, offsets, and
 * what a percentage in them is of). An element that is not drawn (in a closed <details>, under
 * display: none) has no fresh layout: these say whatever was last there, so for it they are left
 * out; everything else of its style is compared.
 */
const LAYOUT =
  /^(width|height|inline-size|block-size|(margin|padding|inset)(-.+)?|top|right|bottom|left|transform|transform-origin|perspective-origin|grid-template-(rows|columns))$/;

/**
 * Compares every element's style under the CSS the page was served with its style under the
 * whole stylesheet, then puts the served CSS back (a wizard goes on to its next step). Returns
 * the differences found, described, or "".
 */
async function unlikeWhole(page: Page, label: string) {
  await settle(page);
  const served = await collect(page);
  const swap = (css: string | null) =>
    page.evaluate(
      async ({ id, css }) => {
        const style = document.getElementById(id)!;
        const before = style.textContent;
        if (css !== null) style.textContent = css;
        for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
        return before;
      },
      { id: INLINE_CSS_ID, css },
    );
  const servedCss = await swap(wholeStylesheet);
  const found = differences(served, await collect(page));
  await swap(servedCss);
  if (found.length === 0) return "";
  const shown = found
    .slice(0, 20)
    .map(({ element, property, served, whole }) => `  ${element}  ${property}: ${served}  (whole: ${whole})`);
  return `${label}: ${found.length} differences, the first ${shown.length}, sizes and offsets last (served value, then the whole stylesheet's):\n${shown.join("\n")}`;
}

// The wizards' later steps are drawn by React in the browser, from stylesheet files their
// documents carry whole (decision 086): each kind of step and message is compared as shown.
for (const width of [375, 1440]) {
  test.describe(`at ${width}px, a wizard's later steps and messages drawn in the browser`, () => {
    const failures: string[] = [];
    const check = async (page: Page, label: string) => {
      const found = await unlikeWhole(page, `${label} at ${width}px`);
      if (found) failures.push(found);
    };
    test.beforeEach(async ({ page }) => {
      test.setTimeout(300_000);
      failures.length = 0;
      await page.setViewportSize({ width, height: 900 });
    });

    test("/contact: an empty step's message, step 3's, and the thanks have the whole stylesheet's style", async ({ page }) => {
      await page.goto("/contact");
      await wakeWizard(page);
      const next = page.getByRole("button", { name: "Next" });
      await next.click();
      await expect(page.getByRole("alert")).toHaveText("Please fill in the company field");
      await check(page, "/contact, an empty step");
      await page.getByLabel("What is your company name?").fill("Stil AS");
      await next.click();
      await page.getByLabel("Tell us about your project.").fill("A look at every step");
      await next.click();
      await page.getByLabel("What is the best way to get in touch with you?").fill("not an address");
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByRole("alert")).not.toHaveText("");
      await check(page, "/contact, step 3 with a malformed address");
      await page.getByLabel("What is the best way to get in touch with you?").fill(uniqueAddress("page-css"));
      await page.getByRole("button", { name: "Submit" }).click();
      await expect(page.getByRole("heading", { level: 1, name: /Thank you for reaching out/ })).toBeVisible();
      await check(page, "/contact, thanks");
      expect(failures.join("\n\n")).toBe("");
    });

    test("/gdpr-checklist: a question, the e-mail step and the analysis sent have the whole stylesheet's style", async ({ page }) => {
      await page.goto("/gdpr-checklist");
      await wakeWizard(page);
      for (let step = 1; step <= 23; step++) {
        await expect(page.getByText(new RegExp(`^Step ${step} of 24`))).toBeVisible();
        if (step === 2) await check(page, "/gdpr-checklist, step 2 (drawn in the browser)");
        await page.getByRole("group", { name: "Your answer" }).getByRole("button", { name: step % 2 ? "Yes" : "No", exact: true }).click();
      }
      await expect(page.getByText("Step 24 of 24")).toBeVisible();
      await page.getByRole("textbox", { name: "E-mail address" }).fill(uniqueAddress("page-css"));
      // Without the box ticked, the send button waits, disabled.
      await expect(page.getByRole("button", { name: "Send my analysis" })).toBeDisabled();
      await check(page, "/gdpr-checklist, the e-mail step");
      await page.getByRole("checkbox", { name: /I agree that Fjord & Form stores my e-mail address/ }).check();
      await page.getByRole("button", { name: "Send my analysis" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your analysis is on its way.");
      await check(page, "/gdpr-checklist, the analysis sent");
      expect(failures.join("\n\n")).toBe("");
    });
  });
}

/** Waits until the DOM has not changed for three frames in a row: hydration and its effects are done. */
function settle(page: Page) {
  return page.evaluate(async () => {
    let changed = true;
    const observer = new MutationObserver(() => (changed = true));
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    for (let quiet = 0; quiet < 3; quiet = changed ? 0 : quiet + 1) {
      changed = false;
      await new Promise(requestAnimationFrame);
    }
    observer.disconnect();
  });
}

/** Every element's computed style, keyed by its path (html>body>main:2>div:0…, ::before/::after). */
function collect(page: Page): Promise<Styles> {
  return page.evaluate(async (layout) => {
    const layoutProperty = new RegExp(layout);
    const elements = [document.documentElement, document.body, ...document.body.querySelectorAll("*")];
    // A value caught in the middle of an animation or transition is a moment, not a rule: each
    // element's style is read once (which starts the animations of content not drawn yet, such
    // as a closed <details>'s), then every animation is put at its end, or stopped if endless.
    for (const element of elements)
      for (const pseudo of [null, "::before", "::after"])
        getComputedStyle(element, pseudo).getPropertyValue("animation-name");
    for (const animation of document.getAnimations()) {
      if (animation.effect?.getComputedTiming().endTime === Infinity) animation.cancel();
      else animation.finish();
    }
    // After the stylesheet is replaced its font faces are new ones, loaded again.
    await document.fonts.ready;
    const strings: string[] = [];
    const index = new Map<string, number>();
    const intern = (text: string) => {
      let found = index.get(text);
      if (found === undefined) index.set(text, (found = strings.push(text) - 1));
      return found;
    };
    const rows: [string, string, number[]][] = [];
    const read = (key: string, element: Element, pseudo: string | null, drawn: boolean) => {
      const style = getComputedStyle(element, pseudo);
      // A pseudo-element whose content is none/normal is not generated: the rest of its style
      // is there but draws nothing. Its content is still compared, so a lost rule that made it
      // exist shows up.
      const onlyContent = pseudo !== null && ["none", "normal"].includes(style.getPropertyValue("content"));
      const pairs: number[] = [];
      const names = onlyContent ? ["content"] : Array.from({ length: style.length }, (_, i) => style.item(i));
      for (const name of names) {
        // Custom properties that are not registered compute to their tokens as written, and
        // the served CSS is minified (".5rem" for "0.5rem", "#10262a0f" for "rgb(… / 0.06)"):
        // they are left out, and what they mean is compared where they are used (var()).
        if (name.startsWith("--") || (!drawn && layoutProperty.test(name))) continue;
        const value = style
          .getPropertyValue(name)
          // Only url()s may differ by the injection (where a relative address resolves from).
          .replace(/url\((?:[^()"']|"[^"]*"|'[^']*')*\)/g, "url()")
          // The minifier writes a zero without its unit ("background: transparent" becomes
          // "background: 0 0"), so a position computes to "0px 0px" instead of "0% 0%".
          .replace(/(^|[\s(,])-?0(?:\.0+)?(?:px|%)(?=$|[\s),])/g, "$10");
        pairs.push(intern(name), intern(value));
      }
      const classes = [...element.classList].map((name) => `.${name}`).join("");
      rows.push([key + (pseudo ?? ""), classes, pairs]);
    };
    // Elements that are never drawn have no style to compare, and React Router removes some
    // of its scripts once the page is hydrated, which may be between the two reads.
    const NEVER_DRAWN = new Set(["script", "style", "link", "meta", "template", "noscript"]);
    const walk = (element: Element, key: string) => {
      const drawn = element.checkVisibility();
      for (const pseudo of [null, "::before", "::after"]) read(key, element, pseudo, drawn);
      const children = Array.from(element.children).filter((child) => !NEVER_DRAWN.has(child.localName));
      children.forEach((child, i) => walk(child, `${key}>${child.localName}:${i}`));
    };
    for (const pseudo of [null, "::before", "::after"]) read("html", document.documentElement, pseudo, true);
    walk(document.body, "html>body");
    return { strings, rows };
  }, LAYOUT.source);
}

type Difference = { element: string; property: string; served: string; whole: string };

function differences(served: Styles, whole: Styles): Difference[] {
  const decode = ({ strings, rows }: Styles) =>
    new Map(
      rows.map(([key, classes, pairs]) => {
        const properties = new Map<string, string>();
        for (let i = 0; i < pairs.length; i += 2) properties.set(strings[pairs[i]!]!, strings[pairs[i + 1]!]!);
        return [`${key} ${classes}`.trim(), properties] as const;
      }),
    );
  const [before, after] = [decode(served), decode(whole)];
  const found: Difference[] = [];
  for (const element of new Set([...before.keys(), ...after.keys()])) {
    const [a, b] = [before.get(element), after.get(element)];
    if (!a || !b) {
      found.push({
        element,
        property: "(the element)",
        served: a ? "present" : "absent",
        whole: b ? "present" : "absent",
      });
      continue;
    }
    for (const property of new Set([...a.keys(), ...b.keys()])) {
      const [x, y] = [a.get(property) ?? "(not set)", b.get(property) ?? "(not set)"];
      if (x !== y) found.push({ element, property, served: x, whole: y });
    }
  }
  // What a lost rule sets comes first; the sizes and offsets it moved follow.
  return found.sort((a, b) => Number(LAYOUT.test(a.property)) - Number(LAYOUT.test(b.property)));
}

test.use({ bypassCSP: true }); // the site's CSP would not let a script change the nonced <style>

for (const width of [375, 1440]) {
  test(`at ${width}px every public page's CSS gives each element the style the whole stylesheet gives it`, async ({
    page,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: 900 });
    const post = await publishPost(playwright, baseURL!, `Stylesheet post ${width} ${Date.now()}`, RICH_POST_TEXT);
    const pages = [...(await publicPages(baseURL!)), post];
    const failures: string[] = [];
    for (const address of pages) {
      await page.goto(address);
      // A framework page (a wizard, the sign-in pages) is read once React has taken it over;
      // a wizard's waits for the visitor's first move (decision 086).
      if (await page.evaluate(() => "__reactRouterContext" in window)) await wakeWizard(page);
      const found = await unlikeWhole(page, `${address} at ${width}px`);
      if (found) failures.push(found);
    }
    test.info().annotations.push({ type: "pages", description: `${pages.length} pages at ${width}px` });
    expect(failures.join("\n\n"), `${pages.length} pages checked`).toBe("");
  });
}
