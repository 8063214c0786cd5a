import { type Dialog, expect, test } from "@playwright/test";
import { unique, writePost } from "./support/blog";
import { signInWithForm } from "./support/sign-in";


test("staff write and publish a post; visitors see it with a Norwegian date, in the feed and the sitemap", async ({
  page,
  request,
}) => {
  await signInWithForm(page, "staff");
  const title = unique("Local AI for clinics");
  await writePost(page, { title, content: "Line one.\nLine two.\n\nLine three." });
  await page.getByRole("button", { name: "Publiser" }).click();
  await expect(page).toHaveURL("/blog/manage");
  await expect(page.getByRole("status").filter({ hasText: "Blogginnlegg publisert!" })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("Publisert");
  await expect(row).toContainText(/\d{2}\.\d{2}\.\d{4}/);

  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  await page.goto("/blog");
  await expect(page.getByRole("link", { name: title })).toHaveAttribute("href", `/blog/${slug}`);
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const monthNames = "januar|februar|mars|april|mai|juni|juli|august|september|oktober|november|desember";
  await expect(page.locator(".post-meta time")).toHaveText(new RegExp(`^\\d{1,2}\\. (${monthNames}) \\d{4}$`));
  await expect(page.locator(".post-body p")).toHaveText(["Line one.", "Line two.", "Line three."]);
  await expect(page.getByRole("link", { name: "← Back to blog" })).toBeVisible();
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(ld).toMatchObject({ "@type": "BlogPosting", headline: title, author: { name: "Kari Nordmann" } });
  await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
    "href",
    "/blog/rss.xml",
  );

  expect(await (await request.get("/blog/rss.xml")).text()).toContain(`<title>${title}</title>`);
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`/blog/${slug}</loc>`);
  const api = await (await request.get("/api/blog")).json();
  expect(api.success).toBe(true);
  expect(api.data.some((p: { title: string }) => p.title === title)).toBe(true);
});

test("a draft is hidden from /blog, its page, /api/blog, the feed and the sitemap", async ({ page, request }) => {
  await signInWithForm(page, "staff");
  const title = unique("Secret draft");
  await writePost(page, { title });
  await page.getByRole("button", { name: "Lagre som utkast" }).click();
  await expect(page).toHaveURL("/blog/manage");
  await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Utkast");
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

  const visitor = await page.context().browser()!.newContext();
  const anon = await visitor.newPage();
  await anon.goto("/blog");
  await expect(anon.getByText(title)).toHaveCount(0);
  const response = await anon.goto(`/blog/${slug}`);
  expect(response?.status()).toBe(404);
  await expect(anon.getByRole("heading", { level: 1 })).toHaveText("Post Not Found");
  await expect(anon.getByText("The blog post you're looking for doesn't exist.")).toBeVisible();
  await visitor.close();
  expect(JSON.stringify(await (await request.get("/api/blog")).json())).not.toContain(title);
  expect(await (await request.get("/blog/rss.xml")).text()).not.toContain(title);
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain(slug);
});

test("editing keeps created_at when the field is empty, and changes it when set", async ({ page }) => {
  await signInWithForm(page, "staff");
  const title = unique("Dated post");
  await writePost(page, { title });
  await page.getByRole("button", { name: "Publiser" }).click();
  const row = page.getByRole("row", { name: new RegExp(title) });
  const originalDate = (await row.locator("td").nth(2).textContent())!;

  await row.getByRole("link", { name: /Rediger/ }).click();
  await expect(page.getByLabel("Tittel (Title) *")).toHaveValue(title);
  await page.getByLabel("Utdrag (Excerpt) *").fill("An updated summary.");
  await page.getByRole("button", { name: "Oppdater og publiser" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Blogginnlegg oppdatert!" })).toBeVisible();
  await expect(
    page
      .getByRole("row", { name: new RegExp(title) })
      .locator("td")
      .nth(2),
  ).toHaveText(originalDate);

  await page
    .getByRole("row", { name: new RegExp(title) })
    .getByRole("link", { name: /Rediger/ })
    .click();
  await page.getByLabel("Opprettet (Created at)").fill("2024-03-15T10:30");
  await page.getByRole("button", { name: "Oppdater og publiser" }).click();
  await expect(
    page
      .getByRole("row", { name: new RegExp(title) })
      .locator("td")
      .nth(2),
  ).toHaveText("15.03.2024");
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  await page.goto(`/blog/${slug}`);
  await expect(page.locator(".post-meta time")).toHaveText("15. mars 2024");
});

test("delete asks first (the box, then the browser), then the row disappears", async ({ page }) => {
  await signInWithForm(page, "staff");
  const title = unique("Short-lived post");
  await writePost(page, { title });
  await page.getByRole("button", { name: "Publiser" }).click();
  const row = page.getByRole("row", { name: new RegExp(title) });
  const edit = await row.getByRole("link", { name: /Rediger/ }).getAttribute("href");
  const stored = `/api/blog-edit?id=${new URLSearchParams(edit!.split("?")[1]).get("edit")}`;

  // Without the box ticked nothing is asked and nothing is deleted.
  const early: string[] = [];
  const record = (dialog: Dialog) => {
    early.push(dialog.message());
    void dialog.dismiss();
  };
  page.on("dialog", record);
  // Deleting is behind the row's "⋯ Handlinger", below the line that sets it apart.
  await expect(row.getByRole("button", { name: /Slett/ })).toBeHidden();
  await row.locator("details.row-menu summary").click();
  await expect(row.locator(".row-menu-danger").getByRole("button", { name: /Slett/ })).toBeVisible();
  await row.getByRole("button", { name: /Slett/ }).click();
  await expect(row.getByText("Kryss av for å bekrefte slettingen.")).toBeVisible();
  page.off("dialog", record);
  expect(early).toEqual([]);
  expect((await page.request.get(stored)).status()).toBe(200);

  await row.getByRole("checkbox", { name: `Bekreft sletting av ${title}` }).check();
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe(`Er du sikker på at du vil slette "${title}"?`);
    void dialog.dismiss();
  });
  await row.getByRole("button", { name: /Slett/ }).click();
  await expect(row).toBeVisible();
  expect((await page.request.get(stored)).status()).toBe(200);

  page.once("dialog", (dialog) => void dialog.accept());
  await row.getByRole("button", { name: /Slett/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Blogginnlegg slettet!" })).toBeVisible();
  await expect(row).toHaveCount(0);
  // The list is read again after a delete and other tests add posts meanwhile: the count
  // matches the rows shown, and the post itself is gone.
  await expect(page.getByTestId("post-count")).toHaveText(`${await page.locator("tbody tr").count()} innlegg`);
  expect((await page.request.get(stored)).status()).toBe(404);
});

test("HTML and scripts in a post are shown as text, never run", async ({ page }) => {
  await signInWithForm(page, "staff");
  const title = unique("<b>Bold</b> title");
  await writePost(page, {
    title,
    content: '<script>window.__pwned = true</script>\n<img src=x onerror="window.__pwned=true"> & <em>emphasis</em>',
  });
  await page.getByRole("button", { name: "Publiser" }).click();
  await expect(page).toHaveURL("/blog/manage");
  await page
    .getByRole("row", { name: /Bold/ })
    .filter({ hasText: title })
    .getByRole("link", { name: title, exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.locator(".post-body p").first()).toHaveText("<script>window.__pwned = true</script>");
  await expect(page.locator(".post-body p").nth(1)).toHaveText(
    '<img src=x onerror="window.__pwned=true"> & <em>emphasis</em>',
  );
  expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
  await expect(page.locator(".post-body img, .post-body script, .post-body em")).toHaveCount(0);
});

test("unsaved changes ask before leaving the editor", async ({ page }) => {
  await signInWithForm(page, "staff");
  await writePost(page, { title: "Half-written" });
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain("endringer som ikke er lagret");
    void dialog.dismiss();
  });
  await page.getByRole("link", { name: "← Tilbake til oversikten" }).click();
  await expect(page).toHaveURL("/blog/cms");
  await expect(page.getByLabel("Tittel (Title) *")).toHaveValue("Half-written");
});

test("signed out: manage says 'Ikke autorisert' with 'Logg inn', the editor sends you home, the API says 401", async ({
  page,
  request,
}) => {
  const response = await page.goto("/blog/manage");
  expect(response?.status()).toBe(401);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ikke autorisert");
  await expect(page.getByRole("link", { name: "Logg inn" })).toHaveAttribute("href", "/login");
  for (const path of ["/blog/cms", "/blog/new", "/blog-cms", "/admin/posts/new"]) {
    await page.goto(path);
    await expect(page).toHaveURL("/");
  }
  expect((await request.post("/api/blog", { data: { title: "x" } })).status()).toBe(401);
  expect((await request.get("/api/blog-edit?id=00000000-0000-0000-0000-000000000000")).status()).toBe(401);
  expect((await request.delete("/api/blog-edit?id=00000000-0000-0000-0000-000000000000")).status()).toBe(401);
});

test("the blog API validates: 400 invalid, 404 unknown id, 409 duplicate slug", async ({ page }) => {
  await signInWithForm(page, "staff");
  const api = page.request;
  const bad = await api.post("/api/blog", { data: { title: "", excerpt: "e", author: "a", content: "c" } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error).toBe("Tittel er påkrevd");
  const slug = `dup-${Date.now()}`;
  const post = { title: "Dup", excerpt: "e", author: "a", content: "c", slug };
  expect((await api.post("/api/blog", { data: post })).status()).toBe(201);
  expect((await api.post("/api/blog", { data: post })).status()).toBe(409);
  expect((await api.get("/api/blog-edit?id=00000000-0000-0000-0000-000000000000")).status()).toBe(404);
  expect((await api.put("/api/blog-edit?id=00000000-0000-0000-0000-000000000000", { data: post })).status()).toBe(404);
});

test("with the database down the blog answers 503 with the error box; Try Again works once it is back", async ({
  page,
}) => {
  // The server (TEST_HOOKS=true) treats requests with this header as if the database were down.
  await page.setExtraHTTPHeaders({ "x-test-fault": "database-down" });
  const response = await page.goto("/blog");
  expect(response?.status()).toBe(503);
  await expect(page.getByRole("heading", { name: "Error Loading Blog Posts" })).toBeVisible();
  await expect(page.getByText("Unable to load blog posts. Please try again later.")).toBeVisible();
  await page.setExtraHTTPHeaders({});
  await page.getByRole("link", { name: "Try Again" }).click(); // a link: it works without JavaScript
  await expect(page.getByRole("heading", { name: "Thoughts and insights" })).toBeVisible();
});
