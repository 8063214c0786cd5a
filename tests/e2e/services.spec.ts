import { expect, test } from "@playwright/test";

const studio = "mailto:hello@fjordform.no";
const pages = [
  {
    path: "/design",
    heading: "We create Design from 0-1",
    items: ["Brand Identity", "UI/UX Design", "Static Design"],
    hero: { name: "Start a Project", href: studio },
    closing: { heading: "Want to work with us?", link: "Get in touch", href: "/contact" },
  },
  {
    path: "/development",
    heading: "Ready to Develop?",
    items: ["Architecture", "Full Stack", "Web Development"],
    hero: { name: "Let's Build", href: studio },
    closing: { heading: "Want to work with us?", link: "Get in touch", href: studio },
  },
  {
    path: "/custom-ai",
    heading: "We build Custom AIs",
    items: ["Custom LLM", "Adaptive Interfaces", "Tailored Models"],
    hero: { name: "Get Started", href: "/contact" },
    // The spec's closing is its text; the link to /contact under it is ours (issue 32: a band that leads somewhere).
    closing: { heading: "Want to build custom AI?", link: "Get in touch", href: "/contact" },
  },
  {
    path: "/ai-automations",
    heading: "Building Automation (0→1) workflows",
    items: ["Workflow Mapping", "Bot Development", "Email Automation"],
    hero: { name: "Automate Now", href: "/contact" },
    // The spec shows no closing here; every service page ends with one (issue 32).
    closing: { heading: "Want to work with us?", link: "Get in touch", href: "/contact" },
  },
  {
    path: "/production",
    heading: "We do Production",
    items: ["Content Planning", "Media Creation", "Post-Production"],
    hero: { name: "Let's Shoot", href: studio },
    closing: { heading: "Want to work with us?", link: "Get in touch", href: "/contact" },
  },
];

for (const service of pages) {
  test(`${service.path}: hero, accordion and closing as specified`, async ({ page }) => {
    await page.goto(service.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(service.heading);
    const hero = page.getByRole("link", { name: service.hero.name });
    expect(await hero.getAttribute("href")).toMatch(new RegExp(`^${service.hero.href.replace("/", "\\/")}`));

    const triggers = page.locator(".accordion-trigger");
    await expect(triggers.locator(".accordion-title")).toHaveText(service.items);
    const panels = page.getByTestId("accordion-panel");
    // The first item is open; hovering another opens it and closes the first.
    await expect(panels.nth(0)).toBeVisible();
    await expect(panels.nth(1)).toBeHidden();
    await triggers.nth(1).hover();
    await expect(panels.nth(1)).toBeVisible();
    await expect(panels.nth(0)).toBeHidden();
    // Keyboard focus does the same.
    await triggers.nth(2).focus();
    await expect(panels.nth(2)).toBeVisible();
    await expect(panels.nth(1)).toBeHidden();
    for (let i = 0; i < 3; i++) expect((await panels.nth(i).textContent())?.trim().length).toBeGreaterThan(40);

    await expect(page.getByRole("heading", { level: 2, name: service.closing.heading })).toBeVisible();
    const link = page.locator(".cta-section").getByRole("link", { name: service.closing.link });
    expect(await link.getAttribute("href")).toMatch(new RegExp(`^${service.closing.href.replace("/", "\\/")}`));
  });
}
