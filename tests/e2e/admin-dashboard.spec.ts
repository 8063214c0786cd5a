import { type Browser, expect, type Page, test } from "@playwright/test";
import { linkIn, uniqueAddress, waitForMail } from "./support/mailbox";
import { expectRedirectedHome, signInWithRequest, waitForHydration } from "./support/sign-in";

test.use({ viewport: { width: 1280, height: 800 } });

// Headless Chromium calls itself "HeadlessChrome", which the site rightly treats as a bot
// and does not count; a visitor here is an ordinary desktop Chrome.
const VISITOR_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

const CARDS = [
  { testId: "stat-posts", label: "Published Posts" },
  { testId: "stat-subscribers", label: "Newsletter Subscribers" },
  { testId: "stat-portfolio", label: "Portfolio Items" },
  { testId: "stat-views", label: "Page Views Today" },
] as const;
type StatId = (typeof CARDS)[number]["testId"];

const QUICK_LINKS = ["/blog/manage", "/blog/cms", "/job-cms", "/admin/subscribers", "/gdpr-checklist"];

test.beforeEach(async ({ page, context }) => {
  await signInWithRequest(context.request, "staff");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Velkommen tilbake, Staff Tester");
});

/** Loads the dashboard again and reads one number (formatted nb-NO, e.g. "1 234"). */
async function readStat(page: Page, testId: StatId) {
  await page.goto("/admin");
  const text = await page.getByTestId(testId).locator(".stat-value").innerText();
  expect(text).toMatch(/^\d[\d\s\u00a0\u202f]*$/);
  return Number(text.replace(/\D/g, ""));
}

/**
 * Other tests run beside this one and may change a count at any moment, but only ever
 * upwards. So: repeat until one clean try shows exactly `expected`, and no try shows less.
 */
async function expectCountChange(read: () => Promise<number>, act: () => Promise<void>, expected: number) {
  const seen: number[] = [];
  for (let attempt = 0; attempt < 10 && !seen.includes(expected); attempt++) {
    const before = await read();
    await act();
    seen.push((await read()) - before);
  }
  expect(Math.min(...seen), `changes seen: ${seen}`).toBeGreaterThanOrEqual(expected);
  expect(seen, "one undisturbed try changes the count by exactly this much").toContain(expected);
}

async function withVisitor(browser: Browser, userAgent: string | undefined, visit: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ userAgent });
  try {
    await visit(await context.newPage());
  } finally {
    await context.close();
  }
}

test("welcomes by name, shows four labelled numbers, the quick links and Logout", async ({ page, context }) => {
  await expect(page).toHaveTitle(/^Oversikt \|/);
  for (const card of CARDS) {
    const element = page.getByTestId(card.testId);
    await expect(element.locator(".stat-label")).toHaveText(card.label);
    await expect(element.locator(".stat-value")).toHaveText(/^\d[\d\s\u00a0\u202f]*$/);
    // Beside the figure, the period before it, and the change in a word (not only an arrow).
    const trend = element.getByTestId("stat-trend");
    await expect(trend.locator(".stat-trend-change")).toHaveText(/^[↑↓→] (Opp|Ned|Uendret)/);
    await expect(trend.locator(".stat-trend-before")).toHaveText(
      card.testId === "stat-views" ? /^i går til samme tid: \d+$/ : /^forrige 30 dager: \d+$/,
    );
  }
  const quickLinks = page.locator(".quick-actions a");
  expect(await quickLinks.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual(QUICK_LINKS);
  await waitForHydration(page);
  await quickLinks.filter({ hasText: "Nyhetsbrevabonnenter" }).click();
  await expect(page).toHaveURL(/\/admin\/subscribers$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Abonnenter på nyhetsbrevet");

  await page.goto("/admin");
  await waitForHydration(page);
  const logout = page.getByRole("button", { name: "Logout" });
  await expect(logout.locator("xpath=ancestor::form")).toHaveAttribute("action", "/logout");
  await expect(logout.locator("xpath=ancestor::form")).toHaveAttribute("method", "post");
  await logout.click();
  await expect(page).toHaveURL(/\/login$/);
  await expectRedirectedHome(context.request, "/admin");
});

test("Portfolio Items counts the 9 published items; Published Posts is a steady number", async ({ page }) => {
  expect(await readStat(page, "stat-portfolio")).toBe(9);
  // Other tests may publish posts meanwhile: two reads in a row must agree at least once.
  const reads = [await readStat(page, "stat-posts")];
  while (reads.length < 5 && reads.at(-1) !== reads.at(-2)) reads.push(await readStat(page, "stat-posts"));
  expect(reads.at(-1), `reads: ${reads}`).toBe(reads.at(-2));
});

test.describe("page views", () => {
  // One after the other: each of these visits pages the other would count.
  test.describe.configure({ mode: "default" });

  test("Page Views Today grows by exactly the public pages visited", async ({ page, browser }) => {
    test.setTimeout(90_000);
    const pages = ["/", "/about", "/work"];
    await expectCountChange(
      () => readStat(page, "stat-views"),
      () =>
        withVisitor(browser, VISITOR_UA, async (visitor) => {
          for (const path of pages) expect((await visitor.goto(path))?.status()).toBe(200);
        }),
      pages.length,
    );
  });

  test("the traffic chart's row for today (Oslo) grows by the public pages visited", async ({ page, browser }) => {
    test.setTimeout(90_000);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Oslo" }).format(new Date());
    const readToday = async () => {
      await page.goto("/admin");
      const row = page.getByTestId("traffic-table").locator(`tr[data-day="${today}"] td`);
      return Number(await row.textContent());
    };
    await expectCountChange(
      readToday,
      () =>
        withVisitor(browser, VISITOR_UA, async (visitor) => {
          for (const path of ["/", "/design"]) expect((await visitor.goto(path))?.status()).toBe(200);
        }),
      2,
    );
    // The same facts for everyone: a titled figure, a sentence, 30 rows of numbers.
    await expect(page.getByRole("figure", { name: "Sidevisninger siste 30 dager" })).toBeVisible();
    await expect(page.getByTestId("traffic-summary")).toContainText("sidevisninger de siste 30 dagene; flest");
    await expect(page.getByTestId("traffic-table").locator("tbody tr")).toHaveCount(30);
    await expect(page.getByTestId("top-pages").getByRole("link", { name: "/", exact: true })).toBeVisible();
  });

  test("a visit from a campaign link is shown with its source and campaign beside the chart", async ({ page, browser }) => {
    test.setTimeout(90_000);
    // Names of this run only, so other tests' visits cannot be mistaken for these.
    const tag = Math.random().toString(36).slice(2, 8);
    const link = `/work?utm_source=Kilde-${tag}&utm_medium=email&utm_campaign=Vinter%20${tag}&fbclid=x`;
    // Two people follow the link; the second gets the page from the cache, and is counted all the same.
    for (let person = 0; person < 2; person++) {
      await withVisitor(browser, VISITOR_UA, async (visitor) => {
        expect((await visitor.goto(link))?.status()).toBe(200);
      });
    }
    const sources = page.getByTestId("top-sources");
    const campaigns = page.getByTestId("top-campaigns");
    await expect
      .poll(
        async () => {
          await page.goto("/admin");
          return (await campaigns.locator("li", { hasText: `Vinter ${tag}` }).count()) > 0;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await expect(page.getByRole("heading", { name: "Kilder siste 30 dager" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Kampanjer siste 30 dager" })).toBeVisible();
    await expect(sources.locator("li", { hasText: `kilde-${tag}` })).toContainText(/kilde-\w+\s*2$/);
    const campaign = campaigns.locator("li", { hasText: `Vinter ${tag}` });
    await expect(campaign).toContainText(`kilde-${tag} / email`);
    await expect(campaign.locator(".top-pages-views")).toHaveText("2");
  });

  test("staff pages, errors, non-pages and bots are not page views", async ({ page, browser }) => {
    test.setTimeout(90_000);
    await expectCountChange(
      () => readStat(page, "stat-views"), // the dashboard itself is loaded twice per try
      async () => {
        await withVisitor(browser, VISITOR_UA, async (visitor) => {
          expect((await visitor.goto("/login"))?.status()).toBe(200);
          expect((await visitor.goto("/no-such-page"))?.status()).toBe(404);
          expect((await visitor.goto("/robots.txt"))?.status()).toBe(200);
        });
        await withVisitor(
          browser,
          "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
          async (bot) => {
            expect((await bot.goto("/about"))?.status()).toBe(200);
          },
        );
      },
      0,
    );
  });
});

/**
 * The dashboard number next to how many active subscribers /admin/subscribers counts,
 * and this test's own address's status there; read until both numbers agree in time.
 */
async function subscriberSnapshot(page: Page, email: string) {
  for (let attempt = 0; ; attempt++) {
    const stat = await readStat(page, "stat-subscribers");
    // The card itself opens the list with the same definition (active only).
    await page.getByTestId("stat-subscribers").getByRole("link", { name: "Vis de aktive abonnentene" }).click();
    await expect(page).toHaveURL(/\/admin\/subscribers\?status=active$/);
    const active = Number((await page.getByTestId("subscriber-total").innerText()).replace(/\D/g, ""));
    await page.goto(`/admin/subscribers?q=${encodeURIComponent(email)}`);
    const rows = await page
      .locator("table.admin-table tbody tr")
      // A cell's first badge is its value (the status cell also says "Verifisert" or not, decision 062).
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => (td.querySelector(".badge") ?? td).textContent ?? "")),
      );
    const mine = rows.find((cells) => cells[0] === email)?.[1] ?? null;
    if ((await readStat(page, "stat-subscribers")) === stat || attempt >= 4) return { stat, active, mine };
  }
}

test("Newsletter Subscribers counts confirmed subscribers only", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const email = uniqueAddress("dash-sub");
  const s0 = await subscriberSnapshot(page, email);
  expect(s0.mine).toBeNull();
  expect(s0.stat).toBe(s0.active);

  // (Visitors with the test browser's own user agent, so the page-view tests are not disturbed.)
  await withVisitor(browser, undefined, async (visitor) => {
    await visitor.goto("/about");
    const form = visitor.locator("footer.site-footer form.newsletter-form");
    await expect(form).toHaveAttribute("data-enhanced", ""); // its script has taken it over
    await form.getByLabel("Get our newsletter").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("status")).toHaveText("Thanks for subscribing to our newsletter!");
  });
  const s1 = await subscriberSnapshot(page, email);
  expect(s1.mine).toBe("Venter");
  expect(s1.stat, "an unconfirmed sign-up is not counted").toBe(s1.active);

  const confirm = await waitForMail({ kind: "newsletter-confirm", to: email });
  await withVisitor(browser, undefined, async (visitor) => {
    await visitor.goto(linkIn(confirm, "/newsletter/confirm"));
    await visitor.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("You’re subscribed.");
  });
  const s2 = await subscriberSnapshot(page, email);
  expect(s2.mine).toBe("Aktiv");
  expect(s2.stat, "a confirmed one is").toBe(s2.active);
});
