import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { unique, writePost } from "./support/blog";
import { MINUTE, setServerClock, withServerClock } from "./support/server-clock";
import { uniqueAddress } from "./support/mailbox";
import { signInWithForm } from "./support/sign-in";
import { subscribeAndConfirm } from "./support/subscriber";

// "Publiser senere" and tags (decision 051). The post goes live when the server's clock
// says so: these tests move it (the "server-clock" project), holding its lock throughout
// so nobody else moves it while a post waits for its time.

/** A moment as the editor's datetime-local field takes it, in Oslo time ("2026-12-07T08:00"). */
function osloInput(at: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Oslo",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const slugOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** Writes a post with tags and schedules it `minutes` ahead (whole minutes, so at least minutes - 1 away). */
async function schedulePost(page: Page, title: string, tags: string, minutes: number) {
  await writePost(page, { title });
  await page.getByLabel("Stikkord (Tags)").fill(tags);
  const at = osloInput(new Date(Date.now() + minutes * MINUTE));
  await page.getByLabel("Dato og klokkeslett (norsk tid)").fill(at);
  await page.getByRole("button", { name: "Planlegg", exact: true }).click();
  await expect(page).toHaveURL("/blog/manage");
  await expect(page.getByRole("status").filter({ hasText: "Innlegget er planlagt og publiseres" })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row).toContainText("Planlagt");
  await expect(row).toContainText(`kl. ${at.slice(11)}`);
  return row;
}

/** What a visitor gets (no session: through the page cache, as everyone else). */
const visitorText = async (request: APIRequestContext, path: string) => (await request.get(path)).text();

test("a scheduled post goes live at its time: not before on /blog, in the feed or the sitemap; then on all three, with its tag page", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await withServerClock(
    request,
    async () => {
      await signInWithForm(page, "staff");
      const title = unique("Monday morning post");
      const slug = slugOf(title);
      const tag = `planlagt-${Date.now()}`;
      await schedulePost(page, title, `Planlagt-${tag.slice(9)}, Lokal AI`, 3);

      expect(await visitorText(request, "/blog")).not.toContain(title);
      expect(await visitorText(request, "/blog/rss.xml")).not.toContain(title);
      expect(await visitorText(request, "/sitemap.xml")).not.toContain(slug);
      expect((await request.get(`/blog/${slug}`)).status()).toBe(404);
      expect((await request.get(`/blog/tag/${tag}`)).status()).toBe(404);

      // The time comes: the post goes live without anyone doing anything.
      await setServerClock(request, 4 * MINUTE);
      await expect.poll(() => visitorText(request, "/blog"), { timeout: 30_000 }).toContain(title);
      const feed = await visitorText(request, "/blog/rss.xml");
      expect(feed).toContain(`<title>${title}</title>`);
      expect(feed).toContain(`<category>${tag}</category>`);
      expect(feed).toContain("<category>lokal-ai</category>");
      const sitemap = await visitorText(request, "/sitemap.xml");
      expect(sitemap).toContain(`/blog/${slug}</loc>`);
      expect(sitemap).toContain(`/blog/tag/${tag}</loc>`);

      // The post shows its tags as links; the tag's page lists it, as /blog does.
      const visitor = await page.context().browser()!.newContext();
      try {
        const anon = await visitor.newPage();
        await anon.goto(`/blog/${slug}`);
        await expect(anon.getByRole("heading", { level: 1 })).toHaveText(title);
        const tags = anon.getByRole("list", { name: "Tags" });
        await expect(tags.getByRole("link")).toHaveText([`#${tag}`, "#lokal-ai"]);
        await tags.getByRole("link", { name: `#${tag}` }).click();
        await expect(anon).toHaveURL(`/blog/tag/${tag}`);
        await expect(anon.getByRole("heading", { level: 1 })).toHaveText(`Posts tagged “${tag}”`);
        await expect(anon).toHaveTitle(new RegExp(`^Posts tagged “${tag}” \\| `));
        await expect(anon.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/blog/tag/${tag}$`));
        await expect(anon.getByRole("link", { name: title })).toHaveAttribute("href", `/blog/${slug}`);
        const unknown = await anon.goto("/blog/tag/no-such-tag-anywhere");
        expect(unknown?.status()).toBe(404);
        await expect(anon.getByRole("heading", { level: 1 })).toHaveText("Tag Not Found");
      } finally {
        await visitor.close();
      }

      await page.goto("/blog/manage");
      await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Publisert");
    },
    60_000,
  );
});

test("staff can publish a scheduled post at once, or call the schedule off and keep it a draft", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await withServerClock(
    request,
    async () => {
      await signInWithForm(page, "staff");
      const early = unique("Out early");
      const row = await schedulePost(page, early, "tidlig", 60);
      await row.locator("details.row-menu summary").click(); // the row's "⋯ Handlinger"
      await row.getByRole("button", { name: /Publiser nå/ }).click();
      await expect(page.getByRole("status").filter({ hasText: `«${early}» er publisert.` })).toBeVisible();
      await expect(page.getByRole("row", { name: new RegExp(early) })).toContainText("Publisert");
      await expect.poll(() => visitorText(request, "/blog"), { timeout: 30_000 }).toContain(early);

      const off = unique("Called off");
      const offRow = await schedulePost(page, off, "avlyst", 60);
      await offRow.locator("details.row-menu summary").click();
      await offRow.getByRole("button", { name: /Avbryt planlegging/ }).click();
      await expect(page.getByRole("status").filter({ hasText: "Planleggingen er avbrutt." })).toBeVisible();
      await expect(page.getByRole("row", { name: new RegExp(off) })).toContainText("Utkast");
      // Its old time comes and goes: it stays a draft.
      await setServerClock(request, 61 * MINUTE);
      await page.reload();
      await expect(page.getByRole("row", { name: new RegExp(off) })).toContainText("Utkast");
      expect(await visitorText(request, "/blog")).not.toContain(off);

      // A time in the past is refused in the editor, with the typed text kept.
      await writePost(page, { title: unique("Too late") });
      await page.getByLabel("Dato og klokkeslett (norsk tid)").fill("2020-01-01T08:00");
      await page.getByRole("button", { name: "Planlegg", exact: true }).click();
      await expect(page.getByText("Tidspunktet har allerede vært. Velg et tidspunkt frem i tid.")).toBeVisible();
      await expect(page).toHaveURL(/\/blog\/cms/);
    },
    60_000,
  );
});

test("a newsletter made from a post is sent later: it starts by itself once its Oslo time comes", async ({ page, request }) => {
  test.setTimeout(180_000);
  await withServerClock(
    request,
    async () => {
      const visitor = await page.context().browser()!.newContext();
      try {
        await subscribeAndConfirm(await visitor.newPage(), request, uniqueAddress("later"));
      } finally {
        await visitor.close();
      }
      await signInWithForm(page, "staff");
      const title = unique("Newsletter later");
      await writePost(page, { title });
      await page.getByRole("button", { name: "Publiser", exact: true }).click();
      await expect(page).toHaveURL("/blog/manage");

      await page.goto("/admin/newsletter");
      await page.getByLabel("Start fra et publisert innlegg").selectOption({ label: title });
      await page.getByRole("button", { name: "Lag kladd" }).click();
      await expect(page).toHaveURL(/\/admin\/newsletter\/[0-9a-f-]{36}$/);
      const issueUrl = page.url();
      await page.getByRole("link", { name: "Send til abonnentene …" }).click();
      const later = page.getByRole("region", { name: "Send senere" });
      await later.getByLabel("Dato og klokkeslett (norsk tid)").fill(osloInput(new Date(Date.now() + 3 * MINUTE)));
      await later.getByLabel(/på dette tidspunktet/).check();
      await later.getByRole("button", { name: "Planlegg utsendelse" }).click();
      await expect(page).toHaveURL(issueUrl);
      await expect(page.getByRole("status").filter({ hasText: "Utsendelsen er planlagt" })).toBeVisible();
      await expect(page.getByText("Sendes automatisk")).toBeVisible();
      await expect(page.getByRole("heading", { name: "Utsendelse" })).toHaveCount(0);

      await setServerClock(request, 4 * MINUTE);
      await expect(async () => {
        await page.reload();
        await expect(page.getByRole("heading", { name: "Utsendelse" })).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await expect(page.getByText("Sendes automatisk")).toHaveCount(0);
    },
    60_000,
  );
});
