// The enhancement module (docs/decisions/020): the little script that pages sent
// without React run. Each part finds its markup and does nothing where there is none.
import { enhanceApplication } from "./application";
import { enhanceMenu } from "./menu";
import { enhanceNewsletter } from "./newsletter";
import { enhanceOneOpen } from "./one-open";
import { enhanceVideos } from "./videos";

const header = document.querySelector<HTMLElement>(".site-header");
if (header) enhanceMenu(header);
const newsletter = document.querySelector<HTMLFormElement>("form.newsletter-form");
if (newsletter) enhanceNewsletter(newsletter);
enhanceApplication(document.querySelector(".apply-form"));
enhanceOneOpen(document);
enhanceVideos(document);
// The proof of work (decision 062) is a file of its own, fetched on a form's first focus;
// it leaves forms without [data-pow] alone (the check is there: every byte here counts).
document.addEventListener("focusin", (event) => {
  const form = (event.target as HTMLInputElement).form;
  if (form) import(/* @vite-ignore */ __POW_SCRIPT__).then((m) => m.default(form));
});

// Links marked [data-space-opens] open on Space too, as the spec asks of the home
// page's work videos (links open on Enter; Space would scroll the page).
document.addEventListener("keydown", (event) => {
  const link = event.key === " " ? (event.target as Element).closest?.("a[data-space-opens]") : null;
  if (!link) return;
  event.preventDefault();
  (link as HTMLAnchorElement).click();
});
