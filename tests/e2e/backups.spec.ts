import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/sign-in";

// /admin/backups as staff use it: the box ticked and the dialog accepted, a backup is taken
// and listed with its size and counts; its download is the file itself, and both actions
// are in the security log.
test.use({ viewport: { width: 1280, height: 900 } });

test("staff take a backup now, see it listed, and download it; both are in the security log", async ({
  signedIn: page,
}) => {
  test.setTimeout(180_000); // a ceiling for a busy machine, not a timing
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Stab" }).getByRole("link", { name: "Sikkerhetskopier" }).click();
  await expect(page).toHaveURL(/\/admin\/backups$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sikkerhetskopier");
  await waitForHydration(page);

  // Not without the box: the form says what is missing.
  const panel = page.getByRole("region", { name: "Ta sikkerhetskopi nå" });
  await panel.getByRole("button", { name: "Ta sikkerhetskopi nå" }).click();
  await expect(panel.getByText("Kryss av for å bekrefte at en sikkerhetskopi skal tas nå.")).toBeVisible();

  await panel.getByLabel("Ja, ta en sikkerhetskopi av alt innhold og alle filer nå").check();
  page.once("dialog", (dialog) => void dialog.accept());
  await panel.getByRole("button", { name: "Ta sikkerhetskopi nå" }).click();
  await expect(panel.getByRole("status")).toHaveText(/^Sikkerhetskopien er tatt: [\d,  ]+ (kB|MB), [\d  ]+ rader\.$/, {
    timeout: 120_000,
  });
  const newest = page.locator(".backups-table tbody tr").first();
  await expect(newest).toContainText("Tatt her");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    newest.getByRole("link", { name: "Last ned" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^backup-[\dTZ-]+\.ffbackup$/);
  const stream = await download.createReadStream();
  let head = "";
  for await (const chunk of stream) {
    head += (chunk as Buffer).toString("latin1");
    if (head.length > 32) break;
  }
  expect(head.startsWith("FJORDFORM-BACKUP/1\n")).toBe(true);

  await page.goto("/admin/security?kind=backup_downloaded");
  await expect(page.locator(".security-table tbody tr").first()).toContainText(download.suggestedFilename());
});
