import { expect, test, type Page } from "@playwright/test";
import { publishPost } from "./support/content-pages";

// Which font files a page makes the browser download (app/styles/fonts.css, decision 083).
async function fontFilesOf(page: Page, path: string) {
  const files: string[] = [];
  page.on("request", (request) => {
    const name = new URL(request.url()).pathname;
    if (name.endsWith(".woff2")) files.push(name.replace(/^\/assets\/|-[\w-]{8}\.woff2$/g, ""));
  });
  await page.goto(path);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return files.sort();
}

test("English and Norwegian text needs only the two small core files", async ({ page, playwright, baseURL }) => {
  const post = await publishPost(playwright, baseURL!, `Hvorfor våre kunder får “egne” løsninger ${Date.now()}`);
  // The post's page also shows two related posts, which are whatever other tests published
  // last (the next test's "Façade" among them): the post is looked at without them.
  await page.route(`**${post}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/<aside class="container related"[\s\S]*?<\/aside>/, "");
    await route.fulfill({ response, body });
  });
  for (const path of ["/", "/design", post]) {
    expect(await fontFilesOf(page, path), path).toEqual(["fraunces-latin-core", "inter-latin-core"]);
  }
});

test("a character outside the core brings the whole latin file, so nothing is drawn in a fallback font", async ({
  page,
  playwright,
  baseURL,
}) => {
  const post = await publishPost(playwright, baseURL!, `Façade ${Date.now()}`);
  expect(await fontFilesOf(page, post)).toContain("fraunces-latin-wght-normal");
  expect(await page.evaluate(() => document.fonts.check('560 40px "Fraunces Variable"', "ç"))).toBe(true);
});
