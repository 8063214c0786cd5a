import { expect, type Page, test } from "@playwright/test";

// Issue #32: a seeded case study is a finished page (film, key figures, facts, gallery,
// credits, next project), /work's tiles say who, when, what and what came of it, and
// neither scrolls sideways on a phone. CASE_SHOTS=<folder> also saves screenshots.
const shots = process.env.CASE_SHOTS;

async function noSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

for (const width of [375, 1440]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a case study shows its film, figures, facts, gallery, credits and the next project", async ({ page }) => {
      await page.goto("/work/dashboard");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
      await expect(page.locator(".case-hero video")).toBeVisible();
      const figures = page.getByRole("definition").filter({ hasText: "2 h → 5 min" });
      await expect(figures).toBeVisible();
      await expect(page.getByText("to prepare the morning report")).toBeVisible();
      await expect(page.getByRole("list", { name: "Stack" }).getByRole("listitem")).toHaveText([
        "React",
        "PostgreSQL",
        "Python",
        "Grafana",
      ]);
      await expect(page.getByText("4 months")).toBeVisible();
      const gallery = page.getByRole("region", { name: "Gallery" }).getByRole("img");
      await expect(gallery).toHaveCount(4);
      await expect(gallery.first()).toHaveAttribute("alt", "The dashboard’s price chart beside its list of meters.");
      await expect(page.getByRole("heading", { name: "Credits" })).toBeVisible();
      const next = page.getByRole("link", { name: /Next project/ });
      await expect(next).toHaveAttribute("href", "/work/app");
      await expect(next).toContainText("A regional home-care provider");
      await noSidewaysScroll(page);
      if (shots) {
        // Scroll through once so the lazy images load before the full-page shot.
        for (const img of await page.locator("img[loading=lazy]").all()) await img.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${shots}/case-${width}.png`, fullPage: true });
      }
      await next.click();
      await expect(page).toHaveURL("/work/app");
    });

    test("/work's tiles name the client, year, outcome and services", async ({ page }) => {
      await page.goto("/work");
      const first = page.getByTestId("showcase-grid").locator("li").first();
      await expect(first.locator(".work-tile-client")).toHaveText("A Norwegian energy cooperative · 2025");
      await expect(first.locator(".work-tile-result")).toHaveText("Morning reports went from two hours of spreadsheets to one glance.");
      await expect(first.locator(".work-tile-services")).not.toBeEmpty();
      await noSidewaysScroll(page);
      if (shots) await page.screenshot({ path: `${shots}/work-${width}.png`, fullPage: true });
    });
  });
}
