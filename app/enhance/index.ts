// The enhancement module (docs/decisions/020): the little script that pages sent
// without React run. Each part finds its markup and does nothing where there is none.
import { enhanceMenu } from "./menu";
import { enhanceNewsletter } from "./newsletter";
import { enhanceOneOpen } from "./one-open";
import { gateProtectedForms } from "./pow-gate";
import { enhanceVideos } from "./videos";

const header = document.querySelector<HTMLElement>(".site-header");
if (header) enhanceMenu(header);
const newsletter = document.querySelector<HTMLFormElement>("form.newsletter-form");
if (newsletter) enhanceNewsletter(newsletter);
// The application form's part is a file of its own, loaded only on a job's page.
const application = document.querySelector(".apply-form");
if (application) import(/* @vite-ignore */ __APPLY_SCRIPT__).then((part) => part.enhanceApplication(application));
enhanceOneOpen(document);
enhanceVideos(document);
// The proof of work (decision 062) is a file of its own, fetched on a protected form's first focus.
gateProtectedForms();

// Links marked [data-space-opens] open on Space too, as the spec asks of the home
// page's work videos (links open on Enter; Space would scroll the page).
document.addEventListener("keydown", (event) => {
  const link = event.key === " " ? (event.target as Element).closest?.("a[data-space-opens]") : null;
  if (!link) return;
  event.preventDefault();
  (link as HTMLAnchorElement).click();
});
